/** A schedule as the editor's form holds it: ZUpdateScheduleInput's shape, one weekday per `availability` entry. */
import type { TScheduleOutput } from "@/server/schedules/schedule.dto";
import type { TAvailabilityInput, TUpdateScheduleInput } from "@/server/schedules/schedule.schemas";

export type TDay = TAvailabilityInput["days"][number];
export const WEEK: readonly TDay[] = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

export function toFormValues(schedule: TScheduleOutput): TUpdateScheduleInput {
  const perDay = schedule.availability.flatMap((entry) =>
    entry.days.map((day) => ({ days: [day as TDay], startTime: entry.startTime, endTime: entry.endTime })),
  );
  perDay.sort((a, b) => WEEK.indexOf(a.days[0]!) - WEEK.indexOf(b.days[0]!) || a.startTime.localeCompare(b.startTime));
  return { name: schedule.name, timeZone: schedule.timeZone, availability: perDay, overrides: schedule.overrides };
}

/** "00:00"–"00:00" is how the schemas write a day off. */
export const isDayOff = (entry: { startTime: string; endTime: string }) => entry.startTime === "00:00" && entry.endTime === "00:00";
