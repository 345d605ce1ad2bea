/**
 * The slot row (SLOT_ROW_SELECT: the event type, its schedule, its owner's and hosts' default schedules with their
 * entries) in one SQL statement through sql(), for the listings. Prisma's query compiler and the mapping of its
 * relationJoins JSON cost more CPU per request than the whole slot computation; this builds the same JSON in the
 * database and only turns dates into Dates. Prisma still loads the row inside transactions (findSlotEventType), where
 * sql() is refused; a test holds both to the same result.
 */
import { sql } from "../db/client";
import type { TScheduleRow } from "../schedules/schedule-loader";
import type { SlotEventTypeRow } from "./slots.service";

/** Which event type: every given field must match; the lowest id wins. */
export type SlotRowWhere = { id?: number; slug?: string; ownerUsername?: string; teamIds?: number[] };

/** SCHEDULE_SELECT of the schedule whose id is the SQL expression `id`, as JSON (NULL when there is none). */
const scheduleJson = (id: string) => `(
  SELECT json_build_object('timeZone', s."timeZone", 'entries', COALESCE((
           SELECT json_agg(json_build_object('days', a.days, 'date', a.date, 'startMinute', a."startMinute", 'endMinute', a."endMinute") ORDER BY a.id)
             FROM "Availability" a WHERE a."scheduleId" = s.id), '[]'::json))
    FROM "Schedule" s WHERE s.id = ${id})`;

/**
 * Extra SQL for a reader that needs more than the slot row (the booking, bookings/create/bookable-row.ts): top-level
 * columns (each starting with a comma), and json_build_object arguments added to the owner's (`o`) and each host's
 * (`h` with its user `u`) objects.
 */
export type SlotRowExtras = { columns: string; owner: string; host: string };
const NO_EXTRAS: SlotRowExtras = { columns: "", owner: "", host: "" };

export const selectSlotRow = (extras: SlotRowExtras = NO_EXTRAS) => `
  SELECT et.id, et."userId", et."teamId", et.hidden, et."lengthInMinutes", et."lengthInMinutesOptions", et."minimumBookingNotice",
         et."beforeEventBuffer", et."afterEventBuffer", et."slotInterval", et."scheduleId", et."schedulingType"::text AS "schedulingType",
         et."seatsPerTimeSlot", et."seatsShowAvailabilityCount",
         et."bookingWindowType"::text AS "bookingWindowType", et."bookingWindowDays", et."bookingWindowRolling",
         to_char(et."bookingWindowStart", 'YYYY-MM-DD') AS "bookingWindowStart", to_char(et."bookingWindowEnd", 'YYYY-MM-DD') AS "bookingWindowEnd",
         et."bookingLimitsCount", et."bookingLimitsDuration", et."onlyShowFirstAvailableSlot"${extras.columns},
         ${scheduleJson('et."scheduleId"')} AS schedule,
         CASE WHEN o.id IS NULL THEN NULL ELSE json_build_object('username', o.username, 'defaultSchedule', ${scheduleJson('o."defaultScheduleId"')}${extras.owner}) END AS owner,
         COALESCE((
           SELECT json_agg(json_build_object('userId', h."userId", 'isFixed', h."isFixed", 'defaultSchedule', ${scheduleJson('u."defaultScheduleId"')}${extras.host}) ORDER BY h."userId")
             FROM "EventTypeHost" h JOIN "User" u ON u.id = h."userId"
            WHERE h."eventTypeId" = et.id), '[]'::json) AS hosts
    FROM "EventType" et
    LEFT JOIN "User" o ON o.id = et."userId"`;

const SELECT_SLOT_ROW = selectSlotRow();

export type ScheduleJson = { timeZone: string; entries: { days: number[]; date: string | null; startMinute: number; endMinute: number }[] };
export type RowJson = Omit<SlotEventTypeRow, "schedule" | "owner" | "hosts" | "bookingWindowStart" | "bookingWindowEnd"> & {
  bookingWindowStart: string | null;
  bookingWindowEnd: string | null;
  schedule: ScheduleJson | null;
  owner: { username: string; defaultSchedule: ScheduleJson | null } | null;
  hosts: { userId: number; isFixed: boolean; defaultSchedule: ScheduleJson | null }[];
};

/** A date column (`YYYY-MM-DD`) as Prisma reads it: midnight UTC. */
export const dateOf = (text: string | null) => (text === null ? null : new Date(`${text}T00:00:00.000Z`));

export const toScheduleRow = (schedule: ScheduleJson | null): TScheduleRow | null =>
  schedule && { timeZone: schedule.timeZone, entries: schedule.entries.map((entry) => ({ ...entry, date: dateOf(entry.date) })) };

/**
 * The text depends only on which fields are given, so each combination is one named prepared statement whose plan
 * uses the index of the fields it has (an `$1 IS NULL OR …` filter would not).
 */
export async function querySlotRow(where: SlotRowWhere): Promise<SlotEventTypeRow | null> {
  const conditions: string[] = [];
  const values: unknown[] = [];
  const add = (condition: (placeholder: string) => string, value: unknown) => {
    values.push(value);
    conditions.push(condition(`$${values.length}`));
  };
  if (where.id !== undefined) add((p) => `et.id = ${p}`, where.id);
  if (where.slug !== undefined) add((p) => `et.slug = ${p}`, where.slug);
  if (where.ownerUsername !== undefined) add((p) => `o.username = ${p}`, where.ownerUsername);
  if (where.teamIds !== undefined) add((p) => `et."teamId" = ANY(${p}::int[])`, where.teamIds);
  const text = `${SELECT_SLOT_ROW}\n   WHERE ${conditions.length ? conditions.join(" AND ") : "true"}\n   ORDER BY et.id LIMIT 1`;
  const [row] = await sql<RowJson>(text, values);
  return row ? toSlotRow(row) : null;
}

/** The row as Prisma would give it: dates as Dates, schedules' override dates too. Extra fields pass through. */
export function toSlotRow<Row extends RowJson>(row: Row) {
  return {
    ...row,
    bookingWindowStart: dateOf(row.bookingWindowStart),
    bookingWindowEnd: dateOf(row.bookingWindowEnd),
    schedule: toScheduleRow(row.schedule),
    owner: row.owner && { username: row.owner.username, defaultSchedule: toScheduleRow(row.owner.defaultSchedule) },
    hosts: row.hosts.map((host) => ({ userId: host.userId, isFixed: host.isFixed, user: { defaultSchedule: toScheduleRow(host.defaultSchedule) } })),
  };
}
