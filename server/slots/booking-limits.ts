/**
 * Booking limits (server/event-types/booking-limits.ts) on slots. What counts, as the peer counts it: a
 * host's live bookings (accepted and pending: both hold the host's time) of this event type whose start
 * falls in the same calendar day, week, month or year as the slot, in the schedule's time zone; weeks
 * begin on the event type owner's weekStart. A count limit is reached when that many bookings exist; a
 * duration limit when the bookings' minutes plus this slot's length would exceed it. A booking being
 * rescheduled does not count against its own new time.
 */
import type { Tx } from "../db/client";
import { PERIODS, type TLimits, type TPeriod } from "../event-types/booking-limits";
import { dayNumberFromCivil, isoDateFromDayNumber, localDayOf, localDayToUtc, weekdayOf } from "./local-time";
import type { Interval, Slot, SlotMode } from "./slots";

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

export type LimitRules = { count: TLimits | null; duration: TLimits | null; timeZone: string; weekStart: number; lengthInMinutes: number };

/** The local days [first, end) of the period that holds `day`. */
export function periodDays(period: TPeriod, day: number, weekStart: number): { first: number; end: number } {
  if (period === "day") return { first: day, end: day + 1 };
  if (period === "week") {
    const first = day - ((weekdayOf(day) - weekStart + 7) % 7);
    return { first, end: first + 7 };
  }
  const [year, month] = isoDateFromDayNumber(day).split("-").map(Number) as [number, number];
  if (period === "year") return { first: dayNumberFromCivil(year, 1, 1), end: dayNumberFromCivil(year + 1, 1, 1) };
  return { first: dayNumberFromCivil(year, month, 1), end: month === 12 ? dayNumberFromCivil(year + 1, 1, 1) : dayNumberFromCivil(year, month + 1, 1) };
}

const limitedPeriods = (rules: LimitRules) => PERIODS.filter((period) => rules.count?.[period] !== undefined || rules.duration?.[period] !== undefined);
const hasLimits = (rules: LimitRules) => limitedPeriods(rules).length > 0;

type Usage = Map<string, { count: number; minutes: number }>;
const usageKey = (userId: number, period: TPeriod, first: number) => `${userId}:${period}:${first}`;

export async function weekStartOf(tx: Tx, ownerId: number | null): Promise<number> {
  const owner = ownerId === null ? null : await tx.user.findUnique({ where: { id: ownerId }, select: { weekStart: true } });
  return WEEKDAYS.indexOf(owner?.weekStart ?? "Monday");
}

/** The hosts' bookings of the event type in every limited period that a start in `range` falls into. */
async function loadUsage(tx: Tx, eventTypeId: number, hostIds: number[], range: Interval, rules: LimitRules, ignoreBookingUid?: string): Promise<Usage> {
  const periods = limitedPeriods(rules);
  const firstDay = Math.min(...periods.map((period) => periodDays(period, localDayOf(rules.timeZone, range.start), rules.weekStart).first));
  const endDay = Math.max(...periods.map((period) => periodDays(period, localDayOf(rules.timeZone, range.end - 1), rules.weekStart).end));
  const rows = await tx.bookingHost.findMany({
    where: {
      userId: { in: hostIds },
      isLive: true,
      start: { gte: new Date(localDayToUtc(rules.timeZone, firstDay)(0) * 60_000), lt: new Date(localDayToUtc(rules.timeZone, endDay)(0) * 60_000) },
      booking: { eventTypeId, status: { in: ["ACCEPTED", "PENDING"] }, ...(ignoreBookingUid ? { uid: { not: ignoreBookingUid } } : {}) },
    },
    select: { userId: true, start: true, end: true },
  });
  const usage: Usage = new Map();
  for (const { userId, start, end } of rows) {
    const day = localDayOf(rules.timeZone, Math.floor(start.getTime() / 60_000));
    for (const period of periods) {
      const key = usageKey(userId, period, periodDays(period, day, rules.weekStart).first);
      const used = usage.get(key) ?? { count: 0, minutes: 0 };
      usage.set(key, { count: used.count + 1, minutes: used.minutes + Math.round((end.getTime() - start.getTime()) / 60_000) });
    }
  }
  return usage;
}

function isWithinLimits(usage: Usage, userId: number, day: number, rules: LimitRules): boolean {
  for (const period of limitedPeriods(rules)) {
    const used = usage.get(usageKey(userId, period, periodDays(period, day, rules.weekStart).first)) ?? { count: 0, minutes: 0 };
    const count = rules.count?.[period];
    const duration = rules.duration?.[period];
    if (count !== undefined && used.count >= count) return false;
    if (duration !== undefined && used.minutes + rules.lengthInMinutes > duration) return false;
  }
  return true;
}

/** The slots whose hosts are within the limits (a collective slot needs every host within them). */
export async function applyBookingLimits(
  tx: Tx,
  slots: Slot[],
  context: { eventTypeId: number; hostIds: number[]; range: Interval; mode: SlotMode; rules: LimitRules; ignoreBookingUid?: string },
): Promise<Slot[]> {
  const { rules } = context;
  if (!hasLimits(rules) || slots.length === 0 || context.range.end <= context.range.start) return slots;
  const usage = await loadUsage(tx, context.eventTypeId, context.hostIds, context.range, rules, context.ignoreBookingUid);
  const result: Slot[] = [];
  for (const slot of slots) {
    const day = localDayOf(rules.timeZone, slot.start);
    const hostIds = slot.hostIds.filter((userId) => isWithinLimits(usage, userId, day, rules));
    if (context.mode === "collective" ? hostIds.length === slot.hostIds.length : hostIds.length > 0) result.push({ start: slot.start, hostIds });
  }
  return result;
}
