/**
 * The filters of the bookings lists as a form: a calendar date range read in the viewer's zone, turned into the list
 * query's instants (afterStart: the first day's 00:00; beforeEnd: the day after the last, 00:00). 0 in a select is
 * "all" (a select has no empty option).
 */
import { z } from "zod";
import { ZCalendarDate } from "@/server/time/timestamps";
import { nextDay, startOfDayIn } from "@/server/time/zoned-dates";
import { ZEmail } from "@/server/users/user.schemas";

export const ALL = 0;

export const ZBookingFiltersForm = z
  .object({
    teamId: z.number().int().min(0),
    eventTypeId: z.number().int().min(0),
    attendeeEmail: z.union([z.literal(""), ZEmail]),
    from: z.union([z.literal(""), ZCalendarDate()]),
    to: z.union([z.literal(""), ZCalendarDate()]),
  })
  .refine((value) => !value.from || !value.to || value.to >= value.from, { path: ["to"], message: "The last day cannot be before the first" });
export type TBookingFiltersForm = z.input<typeof ZBookingFiltersForm>;

export const NO_FILTERS: TBookingFiltersForm = { teamId: ALL, eventTypeId: ALL, attendeeEmail: "", from: "", to: "" };

export type TBookingFilters = { teamId?: number; eventTypeId?: number; attendeeEmail?: string; afterStart?: string; beforeEnd?: string };

export function toListFilters(form: z.output<typeof ZBookingFiltersForm>, timeZone: string): TBookingFilters {
  return {
    ...(form.teamId !== ALL ? { teamId: form.teamId } : {}),
    ...(form.eventTypeId !== ALL ? { eventTypeId: form.eventTypeId } : {}),
    ...(form.attendeeEmail ? { attendeeEmail: form.attendeeEmail } : {}),
    ...(form.from ? { afterStart: startOfDayIn(form.from, timeZone).toISOString() } : {}),
    ...(form.to ? { beforeEnd: startOfDayIn(nextDay(form.to), timeZone).toISOString() } : {}),
  };
}
