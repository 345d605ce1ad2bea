/**
 * GET /v2/slots/available query. v2 takes full ISO 8601 timestamps; v1's date-only values are refused
 * with a message that says so, since that is the mistake a migrating client makes.
 */
import { z } from "zod";
import { ZDecimalIntParam } from "../http/ids";
import { ZTimeZone } from "../time/time-zones";
import { ZTimestampText } from "../time/timestamps";

export const MAX_RANGE_DAYS = 90;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const ZFullTimestamp = ZTimestampText("2026-12-01T00:00:00Z");

const ZTimestampParam = (field: "startTime" | "endTime") =>
  z
    .string({ error: `${field} is required: a full ISO 8601 timestamp such as 2026-12-01T00:00:00Z` })
    .superRefine((value, ctx) => {
      if (DATE_ONLY.test(value.trim())) {
        ctx.addIssue({ code: "custom", message: `${field} must be a full ISO 8601 timestamp such as 2026-12-01T00:00:00Z; date-only values were a v1 format` });
      } else if (!ZFullTimestamp.safeParse(value).success) {
        ctx.addIssue({
          code: "custom",
          message: `${field} must be a full ISO 8601 timestamp with a time zone designator, between 1970-01-01 and 2200-01-01, such as 2026-12-01T00:00:00Z`,
        });
      }
    })
    .transform((value) => new Date(value))
    .describe(`Full ISO 8601 timestamp, e.g. 2026-12-01T00:00:00Z (date-only values are a v1 format)`);

export const ZAvailableSlotsQuery = z
  .object({
    eventTypeId: ZDecimalIntParam({ min: 1, message: "eventTypeId must be a positive integer event type id" }),
    startTime: ZTimestampParam("startTime"),
    endTime: ZTimestampParam("endTime"),
    timeZone: ZTimeZone.default("UTC").describe("IANA time zone used to group slots by day (default UTC)"),
    username: z.string().trim().min(1).optional().describe("When given, must be the event type's owner"),
    teamSlug: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .optional()
      .describe("When given, must be the slug of the team that holds the event type (an unknown team is a 404)"),
    privateLink: z.string().min(1).max(100).optional().describe("A private link's id: lists the slots of the hidden event type it books"),
  })
  .superRefine(({ startTime, endTime }, ctx) => {
    // Zod still runs this when a field failed (its value then is not a Date): only compare parsed values.
    if (!(startTime instanceof Date) || !(endTime instanceof Date) || Number.isNaN(startTime.getTime() + endTime.getTime())) return;
    const span = endTime.getTime() - startTime.getTime();
    if (span <= 0) ctx.addIssue({ code: "custom", path: ["endTime"], message: "endTime must be after startTime" });
    else if (span > MAX_RANGE_DAYS * 86_400_000) {
      ctx.addIssue({ code: "custom", path: ["endTime"], message: `endTime must be at most ${MAX_RANGE_DAYS} days after startTime` });
    }
  });
export type TAvailableSlotsQuery = z.output<typeof ZAvailableSlotsQuery>;
