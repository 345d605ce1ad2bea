/**
 * Why a person cannot be booked, when they cannot: no schedule at all (a member who left onboarding before setting
 * hours), a schedule without a single working hour, or out of office from now for longer than anyone books ahead.
 * Round robin and collective slots silently skip such a host, so the site names them: in an event type's hosts,
 * on the team page for its admins, and on the person's own home.
 */
import { db } from "../db/client";

/** Out of office for at least this long from now counts as "for good": no booking window we offer reaches past it. */
const LONG_ABSENCE_DAYS = 60;

export type TUnbookableReason = { kind: "noSchedule" } | { kind: "noHours"; scheduleName: string } | { kind: "outOfOffice"; until: string };

/** The reason for each of the given users who cannot be booked; users who can are absent from the map. */
export async function unbookableReasons(userIds: readonly number[], now = new Date()): Promise<Map<number, TUnbookableReason>> {
  const reasons = new Map<number, TUnbookableReason>();
  if (userIds.length === 0) return reasons;
  const longAbsence = new Date(now.getTime() + LONG_ABSENCE_DAYS * 86_400_000);
  const [users, absences] = await Promise.all([
    db.user.findMany({
      where: { id: { in: [...userIds] } },
      select: {
        id: true,
        defaultSchedule: {
          select: {
            name: true,
            // A weekly window, or a dated one from today on, with time in it: either can make a slot.
            entries: {
              where: { endMinute: { gt: db.availability.fields.startMinute }, OR: [{ date: null }, { date: { gte: startOfUtcDay(now) } }] },
              select: { id: true },
              take: 1,
            },
          },
        },
      },
    }),
    db.outOfOffice.findMany({
      where: { userId: { in: [...userIds] }, start: { lte: now }, end: { gte: longAbsence } },
      select: { userId: true, end: true },
      orderBy: { end: "desc" },
    }),
  ]);
  for (const user of users) {
    if (!user.defaultSchedule) reasons.set(user.id, { kind: "noSchedule" });
    else if (user.defaultSchedule.entries.length === 0) reasons.set(user.id, { kind: "noHours", scheduleName: user.defaultSchedule.name });
  }
  for (const absence of absences) {
    if (!reasons.has(absence.userId)) reasons.set(absence.userId, { kind: "outOfOffice", until: absence.end.toISOString() });
  }
  return reasons;
}

function startOfUtcDay(now: Date) {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}
