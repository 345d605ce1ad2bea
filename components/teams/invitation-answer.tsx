"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTRPC } from "../trpc/client";
import { describeError } from "../trpc/errors";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { useHydrated } from "../ui/use-hydrated";

/**
 * The invitee's two answers. Answering is single use on the server; the buttons only keep a second click from asking
 * twice. Declining reloads the page, which then says the invitation was declined.
 */
export function InvitationAnswer({ token }: { token: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const isHydrated = useHydrated();
  const accept = useMutation(
    trpc.teams.acceptInvitation.mutationOptions({ meta: { showsError: true }, onSuccess: ({ teamId }) => router.push(`/settings/teams/${teamId}`) }),
  );
  const decline = useMutation(trpc.teams.declineInvitation.mutationOptions({ meta: { showsError: true }, onSuccess: () => router.refresh() }));
  const isBusy = !isHydrated || accept.isPending || accept.isSuccess || decline.isPending || decline.isSuccess;
  const error = accept.error ?? decline.error;
  return (
    <div className="space-y-4">
      {error && <Alert>{describeError(error).message}</Alert>}
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button className="w-full" disabled={isBusy} onClick={() => accept.mutate({ token })}>
          {accept.isPending || accept.isSuccess ? "Joining…" : "Accept invitation"}
        </Button>
        <Button variant="secondary" className="w-full" disabled={isBusy} onClick={() => decline.mutate({ token })}>
          {decline.isPending || decline.isSuccess ? "Declining…" : "Decline"}
        </Button>
      </div>
    </div>
  );
}
