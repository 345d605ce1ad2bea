/** Out-of-office periods as the slot and booking work reads them. */
import { db, sharedSql, type Tx } from "../db/client";
import { SCHEDULE_SELECT, type TScheduleRow } from "../schedules/schedule-loader";
import { redirectTargetsIn } from "./ooo-access";

/** An away period that hands its owner's round-robin bookings to `toUserId`, with what the slot work needs of the target. */
export type TRedirectPeriod = { userId: number; start: Date; end: Date; toUserId: number; toDefaultSchedule: TScheduleRow | null };

/**
 * Periods of `userIds` overlapping `range` that redirect to an accepted member of `teamId` (ooo-access.ts): a redirect to
 * anyone else (the member left the team since) hands nothing on.
 */
export async function loadRedirectPeriods(tx: Tx, userIds: readonly number[], range: { start: Date; end: Date }, teamId: number): Promise<TRedirectPeriod[]> {
  if (userIds.length === 0 || !(await mayRedirect(tx, userIds, range))) return [];
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

/**
 * Whether any period of `userIds` overlapping `range` names a redirect at all: one indexed probe that every round-robin
 * listing and booking makes (twice: for calendars and for slots), so the full read above, with its targets' schedules
 * and Prisma's cost, runs only when there is something to find. Not an access rule: the read above still decides.
 */
async function mayRedirect(tx: Tx, userIds: readonly number[], range: { start: Date; end: Date }): Promise<boolean> {
  const values = [[...userIds], range.start.toISOString(), range.end.toISOString()];
  const rows = tx === db ? await sharedSql(ANY_REDIRECT, values) : await tx.$queryRawUnsafe<unknown[]>(ANY_REDIRECT, ...values);
  return rows.length > 0;
}

const ANY_REDIRECT = `
  SELECT 1 FROM "OutOfOffice" o
   WHERE o."userId" = ANY($1::int[]) AND o."redirectToUserId" IS NOT NULL
     AND o.start < ($3::timestamptz AT TIME ZONE 'UTC') AND o."end" > ($2::timestamptz AT TIME ZONE 'UTC')
   LIMIT 1`;
