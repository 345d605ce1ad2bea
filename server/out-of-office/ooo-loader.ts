/** Out-of-office periods as the slot and booking work reads them. */
import type { Tx } from "../db/client";

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
