/**
 * GET /v2/slots (the peer's version 2024-09-04) query. `start` and `end` are dates or full timestamps, as the
 * peer documents them: a date alone means the start (00:00:00) or the end (23:59:59) of that UTC day.
 */
import { z } from "zod";
import { ZDecimalIntParam } from "../http/ids";
import { ZTimeZone } from "../time/time-zones";
import { ZCalendarDate, ZTimestampText } from "../time/timestamps";
import { MAX_RANGE_DAYS } from "./slots.schemas";

export const SLOTS_VERSIONS = ["2024-09-04"] as const;

const DAY_MS = 86_400_000;
const ZDateOrTimestamp = z.union([ZCalendarDate(), ZTimestampText("2050-09-05T09:00:00Z")], {
  error: "Must be a date YYYY-MM-DD or a full ISO 8601 timestamp with a time zone, e.g. 2050-09-05 or 2050-09-05T09:00:00Z",
});
const isDateOnly = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

const ZSlug = z.string().trim().min(1).max(100);

export const ZSlotsQuery = z
  .object({
    start: ZDateOrTimestamp.transform((value) => new Date(isDateOnly(value) ? `${value}T00:00:00Z` : value)).describe(
      "First possible slot start: a UTC date (from 00:00:00 of that day) or a full ISO 8601 timestamp, e.g. 2050-09-05 or 2050-09-05T09:00:00Z",
    ),
    end: ZDateOrTimestamp.transform((value) => new Date(isDateOnly(value) ? Date.parse(`${value}T00:00:00Z`) + DAY_MS : value)).describe(
      "Slot starts before this: a UTC date (until 23:59:59 of that day, inclusive) or a full ISO 8601 timestamp; at most 90 days after start",
    ),
    timeZone: ZTimeZone.default("UTC").describe("IANA time zone of the returned days and times (default UTC)"),
    eventTypeId: ZDecimalIntParam({ min: 1, message: "eventTypeId must be a positive integer event type id" })
      .optional()
      .describe("The event type; or give eventTypeSlug with username or teamSlug"),
    eventTypeSlug: ZSlug.optional().describe("The event type's slug, with username (its owner) or teamSlug (its team)"),
    username: ZSlug.optional().describe("The owner of the event type named by eventTypeSlug (with eventTypeId: must be its owner)"),
    teamSlug: ZSlug.optional().describe("The team that holds the event type named by eventTypeSlug; an unknown team is a 404"),
    organizationSlug: ZSlug.optional().describe("The organization of the team (teamSlug) or of the user (username); an unknown one is a 404"),
    usernames: z
      .unknown()
      .optional()
      .superRefine((value, ctx) => {
        if (value !== undefined)
          ctx.addIssue({ code: "custom", message: "usernames (slots of a dynamic group of users) is not supported: ask with eventTypeId" });
      })
      .describe("Not supported: dynamic group events do not exist in Convene; a request with it is a 400"),
    duration: ZDecimalIntParam({ min: 1, max: 1440, message: "duration must be a whole number of minutes from 1 to 1440" })
      .optional()
      .describe("Slot length in minutes: one of the event type's lengthInMinutesOptions (default: its lengthInMinutes)"),
    format: z.enum(["time", "range"]).default("time").describe("time (default): each slot is {start}; range: each slot is {start, end}"),
    bookingUidToReschedule: z.string().min(1).max(64).optional().describe("A booking being rescheduled: its own time does not block the slots listed"),
  })
  .strict()
  .superRefine((query, ctx) => {
    if (query.eventTypeId === undefined && query.eventTypeSlug === undefined) {
      ctx.addIssue({ code: "custom", path: ["eventTypeId"], message: "Give eventTypeId, or eventTypeSlug with username or teamSlug" });
    }
    if (query.eventTypeId === undefined && query.eventTypeSlug !== undefined && query.username === undefined && query.teamSlug === undefined) {
      ctx.addIssue({ code: "custom", path: ["eventTypeSlug"], message: "eventTypeSlug needs username (its owner) or teamSlug (its team)" });
    }
    if (!(query.start instanceof Date) || !(query.end instanceof Date)) return;
    const span = query.end.getTime() - query.start.getTime();
    if (span <= 0) ctx.addIssue({ code: "custom", path: ["end"], message: "end must be after start" });
    else if (span > MAX_RANGE_DAYS * DAY_MS) ctx.addIssue({ code: "custom", path: ["end"], message: `end must be at most ${MAX_RANGE_DAYS} days after start` });
  });
export type TSlotsQuery = z.output<typeof ZSlotsQuery>;
