/** The times a range can start and end at: every quarter hour, in the schedule's own zone ("24:00" ends the day). */
import { END_OF_DAY, toTimeOfDay } from "@/server/schedules/schedule.schemas";
import type { TOption } from "../form/fields";

const QUARTERS = Array.from({ length: 96 }, (_, index) => toTimeOfDay(index * 15));

/** A stored time off the quarter-hour grid (set through /v2) stays selectable rather than silently changing. */
const withCurrent = (options: TOption[], current: string | undefined) =>
  current && !options.some((option) => option.value === current)
    ? [...options, { value: current, label: current }].sort((a, b) => a.value.localeCompare(b.value))
    : options;

export const startTimeOptions = (current?: string): TOption[] =>
  withCurrent(
    QUARTERS.map((time) => ({ value: time, label: time })),
    current,
  );

export const endTimeOptions = (current?: string): TOption[] =>
  withCurrent([...QUARTERS.slice(1).map((time) => ({ value: time, label: time })), { value: END_OF_DAY, label: "24:00 (end of day)" }], current);
