/**
 * Schedule write shapes (peer: CreateScheduleInput_2024_06_11). Times are "HH:mm" in the schedule's time
 * zone; the database keeps minutes after local midnight. "24:00" is accepted as an end time and means the
 * end of the day (stored as 1440), so a window can reach midnight without the "23:59" gap. An override
 * from "00:00" to "00:00" marks its date as unavailable all day.
 */
import { z } from "zod";
import { ZIdParam } from "../http/ids";
import { ZPaginationQuery } from "../http/pagination";
import { ZTimeZone } from "../time/time-zones";
import { ZCalendarDate } from "../time/timestamps";

/** Index = the day number stored in Availability.days (0 = Sunday … 6 = Saturday). */
export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
export type TWeekday = (typeof WEEKDAYS)[number];
const WEEKDAYS_FROM_MONDAY = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
export const END_OF_DAY = "24:00";

export const toMinutes = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
export const toTimeOfDay = (minutes: number): string => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

const ZStartTime = z.string().regex(HH_MM, "Must be a time HH:mm from 00:00 to 23:59").describe("HH:mm");
const ZEndTime = z
  .string()
  .refine((value) => HH_MM.test(value) || value === END_OF_DAY, "Must be a time HH:mm from 00:00 to 24:00 (end of day)")
  .describe("HH:mm; 24:00 is the end of the day");

const isUnavailableAllDay = (entry: { startTime: string; endTime: string }) => entry.startTime === "00:00" && entry.endTime === "00:00";

export const ZAvailabilityInput = z
  .object({
    days: z
      .array(z.enum(WEEKDAYS_FROM_MONDAY, { message: `Days are ${WEEKDAYS_FROM_MONDAY.join(", ")}` }))
      .min(1, "Name at least one day")
      .refine((days) => new Set(days).size === days.length, "Days must not repeat"),
    startTime: ZStartTime,
    endTime: ZEndTime,
  })
  .strict()
  .refine((entry) => toMinutes(entry.endTime) > toMinutes(entry.startTime), { path: ["endTime"], message: "The end time must be after the start time" });

export const ZOverrideInput = z
  .object({
    date: ZCalendarDate(),
    startTime: ZStartTime,
    endTime: ZEndTime,
  })
  .strict()
  .refine((entry) => isUnavailableAllDay(entry) || toMinutes(entry.endTime) > toMinutes(entry.startTime), {
    path: ["endTime"],
    message: "The end time must be after the start time (00:00 to 00:00 marks the whole day unavailable)",
  });

export type TAvailabilityInput = z.infer<typeof ZAvailabilityInput>;
export type TOverrideInput = z.infer<typeof ZOverrideInput>;

const ZAvailabilityList = z.array(ZAvailabilityInput).max(100, "At most 100 availability entries");
const ZOverrideList = z
  .array(ZOverrideInput)
  .max(400, "At most 400 overrides")
  .superRefine((overrides, context) => {
    const seen = new Set<string>();
    overrides.forEach((override, index) => {
      if (seen.has(override.date)) context.addIssue({ code: "custom", path: [index, "date"], message: "Each date has at most one override" });
      seen.add(override.date);
    });
  });

/**
 * The peer's older weekly entry (its 2024-04-15 schedules, `availabilities`): days as numbers (0 = Sunday … 6 =
 * Saturday, as Availability.days stores them) or names, times as HH:mm or as a timestamp whose UTC time of day is the
 * wall-clock time (its clients send 1970-01-01T09:00:00.000Z for 09:00). Read as an entry of the v2 list.
 */
const ZLegacyTime = z
  .string()
  .transform((value) =>
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString().slice(11, 16) : value,
  )
  .describe("HH:mm, or an ISO 8601 timestamp whose UTC time of day is meant");
const ZLegacyAvailabilityInput = z
  .object({
    days: z.array(z.union([z.number().int().min(0, "Days are 0 (Sunday) to 6 (Saturday)").max(6, "Days are 0 (Sunday) to 6 (Saturday)"), z.enum(WEEKDAYS)])),
    startTime: ZLegacyTime,
    endTime: ZLegacyTime,
  })
  .strict()
  .transform(({ days, ...times }) => ({ ...times, days: days.map((day) => (typeof day === "number" ? WEEKDAYS[day]! : day)) }))
  .pipe(ZAvailabilityInput);

const fields = {
  name: z.string().trim().min(1, "Name is required").max(100, "Name is at most 100 characters"),
  timeZone: ZTimeZone,
  isDefault: z.boolean().describe("Make this the default schedule (used by event types without a schedule of their own)"),
  schedule: ZAvailabilityList.describe("Weekly availability (the spec's name); same content as availability"),
  availability: ZAvailabilityList.describe("Weekly availability (the peer API's name); same content as schedule"),
  availabilities: z
    .array(ZLegacyAvailabilityInput)
    .max(100, "At most 100 availability entries")
    .describe("The peer's older name for availability (days may be numbers, 0 = Sunday; times HH:mm or timestamps), read as it"),
  overrides: ZOverrideList.describe("Date overrides; 00:00–00:00 marks a date unavailable"),
};

type AvailabilityAliases = { schedule?: TAvailabilityInput[]; availability?: TAvailabilityInput[]; availabilities?: TAvailabilityInput[] };

/** `schedule`, `availability` and `availabilities` are three names for one list: any may be sent, several only if equal. */
function refineAliases(value: AvailabilityAliases, context: z.RefinementCtx) {
  const sent = (["schedule", "availability", "availabilities"] as const).filter((name) => value[name] !== undefined);
  if (new Set(sent.map((name) => JSON.stringify(value[name]))).size > 1) {
    context.addIssue({ code: "custom", path: [sent[0]!], message: `${sent.join(" and ")} name the same list; send one of them` });
  }
}

function mergeAliases<T extends AvailabilityAliases>({ schedule, availability, availabilities, ...rest }: T) {
  const weekly = availability ?? schedule ?? availabilities;
  return { ...rest, ...(weekly ? { availability: weekly } : {}) };
}

export const ZCreateScheduleInput = z
  .object(fields)
  .partial({ isDefault: true, schedule: true, availability: true, availabilities: true, overrides: true })
  .strict()
  .superRefine(refineAliases)
  .transform(mergeAliases);
export type TCreateScheduleInput = z.input<typeof ZCreateScheduleInput>;

export const ZUpdateScheduleInput = z.object(fields).partial().strict().superRefine(refineAliases).transform(mergeAliases);
export type TUpdateScheduleInput = z.input<typeof ZUpdateScheduleInput>;

export const ZScheduleIdParams = z.object({ scheduleId: ZIdParam });

/** GET /v2/schedules: the spec's "filtering and pagination supported". Filters combine (all must match). */
export const ZListSchedulesQuery = ZPaginationQuery.extend({
  isDefault: z.stringbool().optional().describe("true: only the default schedule; false: every schedule but the default"),
  timeZone: ZTimeZone.optional().describe("Only schedules in this IANA time zone"),
  name: z.string().trim().min(1).max(100).optional().describe("Only schedules whose name contains this text, case-insensitive"),
}).strict();
export type TListSchedulesQuery = z.infer<typeof ZListSchedulesQuery>;
export const ZDeleteScheduleQuery = z.object({
  newDefaultScheduleId: ZIdParam.optional().describe("Required when deleting the default schedule: the schedule that becomes the default"),
});
export type TDeleteScheduleQuery = z.infer<typeof ZDeleteScheduleQuery>;

/** Used when a schedule is created without weekly availability (peer behaviour): Monday–Friday 09:00–17:00. */
export const DEFAULT_AVAILABILITY: TAvailabilityInput[] = [
  { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], startTime: "09:00", endTime: "17:00" },
];
