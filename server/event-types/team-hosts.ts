/**
 * Who hosts a team event type, as EventTypeHost rows: the rows the slot and round-robin code read
 * (server/slots/slot-row-query.ts, server/bookings/booking-rules.ts). isFixed is the peer's `mandatory` (every
 * collective host is fixed: collective means all of them attend); priority 0..4 is lowest..highest.
 */
import type { Tx } from "../db/client";
import type { SchedulingType } from "../db/generated/enums";
import { AppError } from "../errors";
import { DEFAULT_PRIORITY, HOST_PRIORITIES, type THost } from "./team-event-type.schemas";

export type HostRow = { userId: number; isFixed: boolean; priority: number };

const priorityOf = (host: Pick<THost, "priority">) => HOST_PRIORITIES.indexOf(host.priority ?? DEFAULT_PRIORITY);

export function hostRowsFor(schedulingType: SchedulingType, hosts: readonly THost[]): HostRow[] {
  return hosts.map((host) => ({
    userId: host.userId,
    isFixed: schedulingType === "COLLECTIVE" || (schedulingType === "ROUND_ROBIN" && host.mandatory === true),
    priority: priorityOf(host),
  }));
}

/** A member who joins an assignAllTeamMembers event type: an ordinary host (fixed when collective). */
export const memberHostRow = (schedulingType: SchedulingType, userId: number): HostRow => hostRowsFor(schedulingType, [{ userId }])[0]!;

/** The team's accepted members: who assignAllTeamMembers assigns, and the only users who may host. */
export async function acceptedMemberIds(tx: Tx, teamId: number): Promise<number[]> {
  const rows = await tx.membership.findMany({ where: { teamId, accepted: true }, select: { userId: true }, orderBy: { userId: "asc" } });
  return rows.map(({ userId }) => userId);
}

/** 400 naming each host who is not an accepted member of the team, before anything is written. */
export async function assertHostsAreMembers(tx: Tx, teamId: number, hosts: readonly THost[]) {
  const members = new Set(await acceptedMemberIds(tx, teamId));
  const strangers = hosts.map((host, index) => ({ ...host, index })).filter(({ userId }) => !members.has(userId));
  if (strangers.length === 0) return;
  const details = strangers.map(({ userId, index }) => ({
    path: `body.hosts.${index}.userId`,
    message: `User ${userId} is not an accepted member of this team`,
  }));
  throw new AppError(
    "BAD_REQUEST",
    `Every host must be an accepted member of the team; not: ${strangers.map(({ userId }) => `user ${userId}`).join(", ")}`,
    details,
  );
}

/** The event type's hosts become exactly `rows`. */
export async function replaceHosts(tx: Tx, eventTypeId: number, rows: readonly HostRow[]) {
  await tx.eventTypeHost.deleteMany({ where: { eventTypeId } });
  if (rows.length > 0) await tx.eventTypeHost.createMany({ data: rows.map((row) => ({ ...row, eventTypeId })) });
}

/**
 * Serialises a team's event type writes with its membership changes (membership.service.ts locks the same row), so
 * an assignAllTeamMembers write and a member joining or leaving never miss each other.
 */
export const lockTeamRow = (tx: Tx, teamId: number) => tx.$queryRaw`SELECT id FROM "Team" WHERE id = ${teamId} FOR UPDATE`;
