"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTRPC } from "../trpc/client";
import { describeError } from "../trpc/errors";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { useHydrated } from "../ui/use-hydrated";

/** Accepting is single use on the server; the button only keeps a second click from asking twice. */
export function AcceptInvitationButton({ token }: { token: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const isHydrated = useHydrated();
  const accept = useMutation(trpc.teams.acceptInvitation.mutationOptions({ onSuccess: ({ teamId }) => router.push(`/settings/teams/${teamId}`) }));
  return (
    <div className="space-y-4">
      {accept.error && <Alert>{describeError(accept.error).message}</Alert>}
      <Button className="w-full" disabled={!isHydrated || accept.isPending || accept.isSuccess} onClick={() => accept.mutate({ token })}>
        {accept.isPending || accept.isSuccess ? "Joining…" : "Accept invitation"}
      </Button>
    </div>
  );
}
