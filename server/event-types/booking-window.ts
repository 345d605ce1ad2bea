/**
 * The peer's bookingWindow: how far ahead an event type can be booked. Stored in the EventType.bookingWindow*
 * columns; enforced by server/slots/booking-window.ts (listing and booking alike).
 * - calendarDays / businessDays: until the end of the day `value` calendar (Mon–Fri) days after today.
 * - rolling (either kind): the first `value` days on which a slot is free, today included.
 * - range: the dates `[start, end]`, both included, in the schedule's time zone.
 */
import { z } from "zod";
import type { BookingWindowType } from "../db/generated/enums";

const ZDays = z.number().int().min(1, "value must be at least 1 day").max(3650, "value must be at most 3650 days");
const ZRolling = z.boolean().describe("true: the next `value` days that have a free slot; false (default): the next `value` days");
const ZDate = z.iso.date("Must be a date such as 2030-09-05");

const ZDaysWindow = (type: "calendarDays" | "businessDays", unit: string) =>
  z.object({ type: z.literal(type), value: ZDays.describe(`How many ${unit} ahead the event can be booked`), rolling: ZRolling.optional() }).strict();

const ZRangeWindow = z
  .object({ type: z.literal("range"), value: z.tuple([ZDate, ZDate]).describe("[first date, last date], both bookable, in the schedule's time zone") })
  .strict()
  .refine(({ value: [start, end] }) => start <= end, { path: ["value"], message: "The range's first date must not be after its last date" });

export const ZBookingWindowInput = z
  .union(
    [
      ZDaysWindow("calendarDays", "calendar days"),
      ZDaysWindow("businessDays", "business days (Monday to Friday)"),
      ZRangeWindow,
      z.object({ disabled: z.literal(true) }).strict(),
    ],
    {
      error:
        'bookingWindow is {"type": "calendarDays" | "businessDays", "value": <1–3650 days>, "rolling"?: boolean}, ' +
        '{"type": "range", "value": ["YYYY-MM-DD", "YYYY-MM-DD"]} or {"disabled": true}',
    },
  )
  .nullable()
  .describe("How far ahead the event can be booked; null or {disabled: true} means unlimited");
export type TBookingWindowInput = z.output<typeof ZBookingWindowInput>;

const ZDaysWindowOutput = z.object({ type: z.enum(["calendarDays", "businessDays"]), value: z.number().int(), rolling: z.boolean() });
const ZRangeWindowOutput = z.object({ type: z.literal("range"), value: z.tuple([z.string(), z.string()]) });

/**
 * The peer's EventTypeOutput_2024_06_14 declares bookingWindow as an array of windows, so Convene answers
 * a one-element array: clients validated against the peer's schema accept it.
 */
export const ZBookingWindowOutput = z
  .array(z.union([ZDaysWindowOutput, ZRangeWindowOutput]))
  .optional()
  .describe("The booking window, as a one-element array (the peer's schema); left out when bookings are not limited");

export type BookingWindowColumns = {
  bookingWindowType: BookingWindowType | null;
  bookingWindowDays: number | null;
  bookingWindowRolling: boolean;
  bookingWindowStart: Date | null;
  bookingWindowEnd: Date | null;
};

const NO_WINDOW: BookingWindowColumns = {
  bookingWindowType: null,
  bookingWindowDays: null,
  bookingWindowRolling: false,
  bookingWindowStart: null,
  bookingWindowEnd: null,
};
const dateColumn = (date: string) => new Date(`${date}T00:00:00Z`);
const dateText = (date: Date) => date.toISOString().slice(0, 10);

export function bookingWindowColumns(window: TBookingWindowInput): BookingWindowColumns {
  if (window === null || !("type" in window)) return NO_WINDOW;
  if (window.type === "range")
    return { ...NO_WINDOW, bookingWindowType: "RANGE", bookingWindowStart: dateColumn(window.value[0]), bookingWindowEnd: dateColumn(window.value[1]) };
  const type = window.type === "calendarDays" ? "CALENDAR_DAYS" : "BUSINESS_DAYS";
  return { ...NO_WINDOW, bookingWindowType: type, bookingWindowDays: window.value, bookingWindowRolling: window.rolling ?? false };
}

export function toBookingWindowOutput(row: BookingWindowColumns): z.infer<typeof ZBookingWindowOutput> {
  const { bookingWindowType: type, bookingWindowDays: days, bookingWindowStart: start, bookingWindowEnd: end } = row;
  if (type === "RANGE" && start && end) return [{ type: "range", value: [dateText(start), dateText(end)] }];
  if ((type === "CALENDAR_DAYS" || type === "BUSINESS_DAYS") && days !== null) {
    return [{ type: type === "CALENDAR_DAYS" ? "calendarDays" : "businessDays", value: days, rolling: row.bookingWindowRolling }];
  }
  return undefined;
}

export const BOOKING_WINDOW_SELECT = {
  bookingWindowType: true,
  bookingWindowDays: true,
  bookingWindowRolling: true,
  bookingWindowStart: true,
  bookingWindowEnd: true,
} as const;
