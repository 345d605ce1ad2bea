/**
 * Team event types kept in step with the team's accepted members. Called inside the membership change's own
 * transaction (server/teams/membership.service.ts, the invitation accept path), after the membership row is
 * written, so the membership and its hosting change commit together or not at all. The caller holds the team's
 * row lock, as team event type writes do (lockTeamRow), so a member joining while an assignAllTeamMembers event
 * type is created is seen by one or the other.
 */
import type { Tx } from "../db/client";
import { deleteChildrenOfMember, syncManagedChildren } from "./team-managed-children";
import { memberHostRow } from "./team-hosts";

/**
 * An accepted membership began (created accepted, or accepted later): the member hosts every assignAllTeamMembers
 * event type of the team, and gets their copy of each managed one (409 naming them if a slug of theirs is in the way).
 */
export async function onMemberJoined(tx: Tx, teamId: number, userId: number) {
  const assigning = await tx.eventType.findMany({
    where: { teamId, assignAllTeamMembers: true },
    select: { id: true, schedulingType: true },
    orderBy: { id: "asc" },
  });
  for (const { id, schedulingType } of assigning) {
    const row = memberHostRow(schedulingType ?? "ROUND_ROBIN", userId);
    await tx.eventTypeHost.upsert({ where: { eventTypeId_userId: { eventTypeId: id, userId } }, create: { ...row, eventTypeId: id }, update: {} });
    if (schedulingType === "MANAGED") await syncManagedChildren(tx, id);
  }
}

/** An accepted membership ended (deleted, or no longer accepted): the member hosts none of the team's event types and keeps no managed copy. */
export async function onMemberLeft(tx: Tx, teamId: number, userId: number) {
  await tx.eventTypeHost.deleteMany({ where: { userId, eventType: { teamId } } });
  await deleteChildrenOfMember(tx, teamId, userId);
}
