/**
 * Availability as the slot algorithm reads it: minutes after local midnight in `timeZone`. Weekly days
 * are 0 = Sunday … 6 = Saturday; an override replaces the weekly windows of its date, and one with
 * startMinute = endMinute = 0 makes the date unavailable. endMinute may be 1440 (end of day).
 */
import type { Tx } from "../db/client";
import { toIsoDate } from "./schedule.dto";

export type TWeeklyWindow = { days: number[]; startMinute: number; endMinute: number };
export type TDateOverride = { date: string; startMinute: number; endMinute: number };
export type TLoadedSchedule = { readonly timeZone: string; readonly weekly: readonly TWeeklyWindow[]; readonly overrides: readonly TDateOverride[] };

/** What a loaded schedule reads: select it inside a larger query (the slot work loads every host's in one). */
export const SCHEDULE_SELECT = {
  timeZone: true,
  entries: { select: { days: true, date: true, startMinute: true, endMinute: true }, orderBy: { id: "asc" } },
} as const;

export type TScheduleRow = { timeZone: string; entries: { days: number[]; date: Date | null; startMinute: number; endMinute: number }[] };

export async function loadSchedule(tx: Tx, scheduleId: number): Promise<TLoadedSchedule | null> {
  const schedule = await tx.schedule.findUnique({ where: { id: scheduleId }, select: SCHEDULE_SELECT });
  return schedule ? toLoadedSchedule(schedule) : null;
}

/**
 * Loaded once per row object: an event type's row is shared by a burst of requests (db/shared-reads.ts), and each
 * request reads every host's schedule more than once. Rows are never changed in place, and the result is read-only.
 */
const loadedByRow = new WeakMap<TScheduleRow, TLoadedSchedule>();

export function toLoadedSchedule(schedule: TScheduleRow): TLoadedSchedule {
  const known = loadedByRow.get(schedule);
  if (known) return known;
  const weekly: TWeeklyWindow[] = [];
  const overrides: TDateOverride[] = [];
  for (const { days, date, startMinute, endMinute } of schedule.entries) {
    if (date === null) weekly.push({ days, startMinute, endMinute });
    else overrides.push({ date: toIsoDate(date), startMinute, endMinute });
  }
  const loaded = { timeZone: schedule.timeZone, weekly, overrides };
  loadedByRow.set(schedule, loaded);
  return loaded;
}

/** The user's default schedule, or null when they have none. */
export async function loadDefaultSchedule(tx: Tx, userId: number): Promise<TLoadedSchedule | null> {
  const user = await tx.user.findUnique({ where: { id: userId }, select: { defaultScheduleId: true } });
  return user?.defaultScheduleId ? loadSchedule(tx, user.defaultScheduleId) : null;
}

/** The event type's own schedule, else its owner's default; null when neither exists (or a team event type). */
export async function loadScheduleForEventType(tx: Tx, eventType: { scheduleId: number | null; userId: number | null }): Promise<TLoadedSchedule | null> {
  if (eventType.scheduleId !== null) {
    const own = await loadSchedule(tx, eventType.scheduleId);
    if (own) return own;
  }
  return eventType.userId === null ? null : loadDefaultSchedule(tx, eventType.userId);
}
