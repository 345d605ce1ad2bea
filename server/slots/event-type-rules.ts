/**
 * The event type settings that act on whole slot lists rather than on one slot's minutes: the booking
 * window, booking limits and "only the first slot of each day". computeSlots decides each start on its
 * own; these need other slots or other bookings, so they run after it, on slots computed over a search
 * range that reaches back as far as they need (today for a rolling window, the day's start for the
 * first slot of a day). Listing and booking both go through here, so a listed slot is a bookable one.
 * Calendar days are the schedule's time zone's.
 */
import type { Tx } from "../db/client";
import { limitsOf } from "../event-types/booking-limits";
import { BOOKING_WINDOW_SELECT, type BookingWindowColumns } from "../event-types/booking-window";
import { applyBookingLimits, weekStartOf } from "./booking-limits";
import { fixedWindowBounds, isRolling, keepRollingDays, rollingWindowStart } from "./booking-window";
import { localDayOf, localDayToUtc } from "./local-time";
import type { Interval, Slot, SlotMode } from "./slots";

export const SLOT_RULES_SELECT = { ...BOOKING_WINDOW_SELECT, bookingLimitsCount: true, bookingLimitsDuration: true, onlyShowFirstAvailableSlot: true } as const;

export type SlotRulesEventType = BookingWindowColumns & {
  id: number;
  userId: number | null;
  scheduleId: number | null;
  lengthInMinutes: number;
  bookingLimitsCount: unknown;
  bookingLimitsDuration: unknown;
  onlyShowFirstAvailableSlot: boolean;
};

/** Why a start that computeSlots offered was taken away; a booking at it is refused with this. */
export type RuleRefusal = "window" | "limit" | "firstSlot";

const needsTimeZone = (eventType: SlotRulesEventType) =>
  eventType.bookingWindowType !== null ||
  eventType.onlyShowFirstAvailableSlot ||
  limitsOf(eventType.bookingLimitsCount) ||
  limitsOf(eventType.bookingLimitsDuration);

/**
 * Whether a rule reads the host's other bookings (limits count them, "first slot only" and a rolling window look at
 * which slots are left): a booking must then run the whole check under the host lock, not just the overlap check.
 */
export const rulesReadOtherBookings = (eventType: SlotRulesEventType) =>
  eventType.onlyShowFirstAvailableSlot || isRolling(eventType) || Boolean(limitsOf(eventType.bookingLimitsCount) || limitsOf(eventType.bookingLimitsDuration));

/** The zone whose calendar days the rules count: the event type's schedule, else its first host's default (UTC without one). */
export function rulesTimeZone(eventType: SlotRulesEventType, firstHostSchedule: { timeZone: string } | null): string {
  if (!needsTimeZone(eventType)) return "UTC";
  return firstHostSchedule?.timeZone ?? "UTC";
}

/** Where computeSlots must look so that the rules can decide the starts in `range` (minutes). */
export function searchRange(eventType: SlotRulesEventType, timeZone: string, range: Interval, now: number): Interval {
  let start = range.start;
  if (isRolling(eventType)) start = Math.min(start, rollingWindowStart(timeZone, now));
  if (eventType.onlyShowFirstAvailableSlot) start = Math.min(start, localDayToUtc(timeZone, localDayOf(timeZone, range.start))(0));
  const window = fixedWindowBounds(eventType, timeZone, now);
  return { start: Math.max(start, window.start), end: Math.min(range.end, window.end) };
}

function firstOfEachDay(slots: readonly Slot[], timeZone: string): Slot[] {
  let lastDay: number | undefined;
  return slots.filter((slot) => {
    const day = localDayOf(timeZone, slot.start);
    const isFirst = day !== lastDay;
    lastDay = day;
    return isFirst;
  });
}

type RuleContext = { range: Interval; search: Interval; now: number; timeZone: string; mode: SlotMode; hostIds: number[]; ignoreBookingUid?: string };

/**
 * The slots of `range` that the rules keep, from `slots` computed over searchRange(range). `refusedBy`
 * names the rule that removed the slot at range.start, for a booking's single-slot check.
 */
export async function applyEventTypeRules(tx: Tx, eventType: SlotRulesEventType, slots: Slot[], context: RuleContext) {
  const { range, timeZone } = context;
  const target = range.start;
  let refusedBy: RuleRefusal | undefined;
  const step = (rule: RuleRefusal, before: readonly Slot[], after: Slot[]) => {
    if (!refusedBy && before.some((slot) => slot.start === target) && !after.some((slot) => slot.start === target)) refusedBy = rule;
    return after;
  };
  const count = limitsOf(eventType.bookingLimitsCount);
  const duration = limitsOf(eventType.bookingLimitsDuration);
  let kept = slots;
  if (count || duration) {
    const weekStart = await weekStartOf(tx, eventType.userId);
    const rules = { count, duration, timeZone, weekStart, lengthInMinutes: eventType.lengthInMinutes };
    kept = step(
      "limit",
      kept,
      await applyBookingLimits(tx, kept, {
        eventTypeId: eventType.id,
        hostIds: context.hostIds,
        range: context.search,
        mode: context.mode,
        rules,
        ignoreBookingUid: context.ignoreBookingUid,
      }),
    );
  }
  if (isRolling(eventType)) kept = step("window", kept, keepRollingDays(kept, eventType.bookingWindowDays ?? 0, timeZone));
  if (eventType.onlyShowFirstAvailableSlot) kept = step("firstSlot", kept, firstOfEachDay(kept, timeZone));
  return { slots: kept.filter((slot) => slot.start >= range.start && slot.start < range.end), refusedBy };
}

/** Whether the fixed window alone keeps `start` out (for the refusal message of a booking there). */
export const isOutsideFixedWindow = (eventType: SlotRulesEventType, timeZone: string, start: number, now: number) => {
  const window = fixedWindowBounds(eventType, timeZone, now);
  return start < window.start || start >= window.end;
};
