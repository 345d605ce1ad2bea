/**
 * The schedule output: the peer's ScheduleOutput_2024_06_11, plus `schedule` (the spec's name for the
 * weekly list) carrying the same entries as `availability`.
 */
import { z } from "zod";
import { toTimeOfDay, WEEKDAYS, type TAvailabilityInput, type TOverrideInput } from "./schedule.schemas";

export const SCHEDULE_SELECT = {
  id: true,
  userId: true,
  name: true,
  timeZone: true,
  defaultFor: { select: { id: true } },
  entries: { select: { days: true, date: true, startMinute: true, endMinute: true }, orderBy: { id: "asc" } },
} as const;

type EntryRow = { days: number[]; date: Date | null; startMinute: number; endMinute: number };
type ScheduleRow = { id: number; userId: number; name: string; timeZone: string; defaultFor: { id: number } | null; entries: EntryRow[] };

const ZAvailabilityOutput = z.object({ days: z.array(z.string()), startTime: z.string(), endTime: z.string() });
const ZOverrideOutput = z.object({ date: z.string(), startTime: z.string(), endTime: z.string() });

export const ZScheduleOutput = z.object({
  id: z.number().int(),
  ownerId: z.number().int(),
  name: z.string(),
  timeZone: z.string(),
  isDefault: z.boolean(),
  availability: z.array(ZAvailabilityOutput),
  schedule: z.array(ZAvailabilityOutput).describe("Same entries as availability"),
  overrides: z.array(ZOverrideOutput),
});
export type TScheduleOutput = z.infer<typeof ZScheduleOutput>;

/** `2026-12-24` for a @db.Date value (Prisma gives it as UTC midnight). */
export const toIsoDate = (date: Date) => date.toISOString().slice(0, 10);

export function toScheduleOutput(row: ScheduleRow): TScheduleOutput {
  const weekly: TAvailabilityInput[] = row.entries
    .filter((entry) => entry.date === null)
    .map((entry) => ({
      days: entry.days.map((day) => WEEKDAYS[day]!),
      startTime: toTimeOfDay(entry.startMinute),
      endTime: toTimeOfDay(entry.endMinute),
    }));
  const overrides: TOverrideInput[] = row.entries
    .filter((entry): entry is EntryRow & { date: Date } => entry.date !== null)
    .map((entry) => ({ date: toIsoDate(entry.date), startTime: toTimeOfDay(entry.startMinute), endTime: toTimeOfDay(entry.endMinute) }))
    .sort((a, b) => a.date.localeCompare(b.date));
  return {
    id: row.id,
    ownerId: row.userId,
    name: row.name,
    timeZone: row.timeZone,
    isDefault: row.defaultFor !== null,
    availability: weekly,
    schedule: weekly,
    overrides,
  };
}
