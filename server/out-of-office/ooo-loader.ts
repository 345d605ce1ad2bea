/** Out-of-office periods as the slot and booking work reads them. */
import type { Tx } from "../db/client";
import { SCHEDULE_SELECT, type TScheduleRow } from "../schedules/schedule-loader";
import { redirectTargetsIn } from "./ooo-access";

export type TOutOfOfficePeriod = { userId: number; start: Date; end: Date; toUserId: number | null };

/** Periods of `userIds` that overlap [range.start, range.end), ordered by user then start. */
export async function loadOutOfOffice(tx: Tx, userIds: readonly number[], range: { start: Date; end: Date }): Promise<TOutOfOfficePeriod[]> {
  if (userIds.length === 0) return [];
  const rows = await tx.outOfOffice.findMany({
    where: { userId: { in: [...userIds] }, start: { lt: range.end }, end: { gt: range.start } },
    select: { userId: true, start: true, end: true, redirectToUserId: true },
    orderBy: [{ userId: "asc" }, { start: "asc" }],
  });
  return rows.map(({ redirectToUserId, ...period }) => ({ ...period, toUserId: redirectToUserId }));
}

/** An away period that hands its owner's round-robin bookings to `toUserId`, with what the slot work needs of the target. */
export type TRedirectPeriod = { userId: number; start: Date; end: Date; toUserId: number; toDefaultSchedule: TScheduleRow | null };

/**
 * Periods of `userIds` overlapping `range` that redirect to an accepted member of `teamId` (ooo-access.ts): a redirect to
 * anyone else (the member left the team since) hands nothing on.
 */
export async function loadRedirectPeriods(tx: Tx, userIds: readonly number[], range: { start: Date; end: Date }, teamId: number): Promise<TRedirectPeriod[]> {
  if (userIds.length === 0) return [];
  const rows = await tx.outOfOffice.findMany({
    where: { userId: { in: [...userIds] }, start: { lt: range.end }, end: { gt: range.start }, redirectTo: redirectTargetsIn(teamId) },
    select: { userId: true, start: true, end: true, redirectToUserId: true, redirectTo: { select: { defaultSchedule: { select: SCHEDULE_SELECT } } } },
    orderBy: [{ userId: "asc" }, { start: "asc" }],
  });
  return rows.map((row) => ({
    userId: row.userId,
    start: row.start,
    end: row.end,
    toUserId: row.redirectToUserId!,
    toDefaultSchedule: row.redirectTo?.defaultSchedule ?? null,
  }));
}
