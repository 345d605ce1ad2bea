"use client";
/**
 * The team's members. Owners and admins get a role menu and a remove button on each row; what they may actually
 * change is the services' decision (only an OWNER touches the OWNER role, the last owner stays), shown as its error.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "../trpc/client";
import { describeError } from "../trpc/errors";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { useDialogMutation } from "../ui/use-dialog-mutation";
import { ROLES, type TMember, type TTeamRole } from "./types";
import { TableHead } from "../ui/table-head";
import { TableFrame } from "../ui/table-frame";

const CELL = "px-4 py-3 text-left";

/** A membership not accepted shows no profile (only the id the inviter gave), so it is named by that id. */
const labelOf = (member: TMember) => member.user.name || member.user.username || `User #${member.userId}`;

/** `unbookable`: for owners and admins, why a member cannot be booked (round robin and collective slots skip them). */
type Props = { teamId: number; canManage: boolean; myUserId: number; unbookable?: Record<number, string> };

export function MemberList({ teamId, canManage, myUserId, unbookable = {} }: Props) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const members = useQuery(trpc.teams.members.queryOptions({ teamId }));
  const changeRole = useMutation(
    trpc.teams.changeRole.mutationOptions({
      meta: { showsError: true },
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.teams.members.queryKey({ teamId }) }),
    }),
  );
  const [toRemove, setToRemove] = useState<TMember | null>(null);

  if (members.isPending) return <p className="text-sm text-slate-600">Loading members…</p>;
  if (members.isError) return <Alert>{describeError(members.error).message}</Alert>;
  return (
    <div className="space-y-3">
      {changeRole.error && <Alert>{describeError(changeRole.error).message}</Alert>}
      <TableFrame label="Table of members">
        <table className="w-full text-sm">
          <caption className="sr-only">Members</caption>
          <TableHead headings={["Name", "E-mail", "Role"]} cellClassName={CELL} />
          <tbody>
            {members.data.map((member) => (
              <tr key={member.id} className="border-t border-slate-200" data-testid="member-row">
                <th scope="row" className={`${CELL} font-medium`}>
                  {labelOf(member)}
                  {member.userId === myUserId && <span className="ml-1 text-slate-500">(you)</span>}
                  {!member.accepted && <span className="ml-1 text-amber-700">(not accepted)</span>}
                  {member.accepted && unbookable[member.userId] && (
                    <span className="block text-xs font-normal text-amber-800" data-testid="unbookable-member">
                      {unbookable[member.userId]}
                    </span>
                  )}
                </th>
                <td className={CELL}>{member.user.email || "—"}</td>
                <td className={CELL}>
                  {canManage ? (
                    <select
                      aria-label={`Role of ${member.user.email || labelOf(member)}`}
                      value={member.role}
                      disabled={changeRole.isPending}
                      onChange={(event) => changeRole.mutate({ teamId, membershipId: member.id, role: event.target.value as TTeamRole })}
                      className="rounded-md border border-slate-300 bg-white px-2 py-1"
                    >
                      {ROLES.map((role) => (
                        <option key={role} value={role}>
                          {role}
                        </option>
                      ))}
                    </select>
                  ) : (
                    member.role
                  )}
                </td>
                <td className={`${CELL} text-right`}>
                  {canManage && (
                    <Button variant="secondary" onClick={() => setToRemove(member)}>
                      Remove<span className="sr-only"> {member.user.email || labelOf(member)}</span>
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
      <RemoveMemberDialog teamId={teamId} member={toRemove} onClose={() => setToRemove(null)} />
    </div>
  );
}

function RemoveMemberDialog({ teamId, member, onClose }: { teamId: number; member: TMember | null; onClose: () => void }) {
  const trpc = useTRPC();
  const { mutation: remove, close, error } = useDialogMutation(trpc.teams.removeMember.mutationOptions(), trpc.teams.members.queryKey({ teamId }), onClose);
  return (
    <ConfirmDialog
      isOpen={member !== null}
      title={`Remove ${member ? member.user.email || labelOf(member) : ""}?`}
      confirmLabel={remove.isPending ? "Removing…" : "Remove member"}
      isPending={remove.isPending}
      error={error}
      onConfirm={() => member && remove.mutate({ teamId, membershipId: member.id })}
      onClose={close}
    >
      They lose access to the team and its event types at once.
    </ConfirmDialog>
  );
}
