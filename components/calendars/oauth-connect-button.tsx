"use client";
/** Google or Outlook: the provider's consent page, which sends the browser back to `returnTo` (connect and reconnect alike). */
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { describeError } from "../trpc/errors";
import { Button } from "../ui/button";
import { toast } from "../ui/toast";

export const OAUTH_TITLES = { google: "Google Calendar", office365: "Outlook Calendar" } as const;

export function OAuthConnectButton({
  calendar,
  returnTo,
  children,
  variant = "secondary",
}: {
  calendar: keyof typeof OAUTH_TITLES;
  returnTo: string;
  children: string;
  variant?: "primary" | "secondary";
}) {
  const trpc = useTRPC();
  const connect = useMutation(
    trpc.calendars.connectUrl.mutationOptions({
      onSuccess: ({ authUrl }) => window.location.assign(authUrl),
      onError: (error) => toast.error(describeError(error).message),
    }),
  );
  return (
    <Button variant={variant} disabled={connect.isPending || connect.isSuccess} onClick={() => connect.mutate({ calendar, returnTo })}>
      {connect.isPending || connect.isSuccess ? "Opening…" : children}
    </Button>
  );
}
