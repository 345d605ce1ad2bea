"use client";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "../trpc/client";
import { describeError } from "../trpc/errors";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { formatDate } from "../ui/format";
import { useDialogMutation } from "../ui/use-dialog-mutation";
import type { TInvitation } from "./types";

/** An invitation by user id shows the id the inviter gave: the account's address is not the team's until they accept. */
const inviteeOf = (invitation: TInvitation) => invitation.email ?? `User #${invitation.userId}`;

export function InvitationList({ teamId }: { teamId: number }) {
  const trpc = useTRPC();
  const invitations = useQuery(trpc.teams.invitations.queryOptions({ teamId }));
  const [toRevoke, setToRevoke] = useState<TInvitation | null>(null);
  const {
    mutation: revoke,
    close,
    error,
  } = useDialogMutation(trpc.teams.revokeInvitation.mutationOptions(), trpc.teams.invitations.queryKey({ teamId }), () => setToRevoke(null));

  if (invitations.isPending) return <p className="text-sm text-slate-600">Loading invitations…</p>;
  if (invitations.isError) return <Alert>{describeError(invitations.error).message}</Alert>;
  return (
    <>
      {invitations.data.length === 0 ? (
        <p className="text-sm text-slate-600">No pending invitations.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white shadow-sm">
          {invitations.data.map((invitation) => {
            const { isExpired, isDeclined } = invitation;
            return (
              <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm" data-testid="invitation-row">
                <span>
                  <span className="font-medium">{inviteeOf(invitation)}</span> as {invitation.role} ·{" "}
                  {isDeclined ? (
                    <span className="text-amber-700">declined</span>
                  ) : isExpired ? (
                    <span className="text-amber-700">expired</span>
                  ) : (
                    <>expires {formatDate(invitation.expiresAt)}</>
                  )}
                </span>
                <Button variant="secondary" onClick={() => setToRevoke(invitation)}>
                  Revoke<span className="sr-only"> the invitation of {inviteeOf(invitation)}</span>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        isOpen={toRevoke !== null}
        title={`Revoke the invitation of ${toRevoke ? inviteeOf(toRevoke) : ""}?`}
        confirmLabel={revoke.isPending ? "Revoking…" : "Revoke invitation"}
        isPending={revoke.isPending}
        error={error}
        onConfirm={() => toRevoke && revoke.mutate({ teamId, invitationId: toRevoke.id })}
        onClose={close}
      >
        The link in their mail stops working. You can invite them again later.
      </ConfirmDialog>
    </>
  );
}
