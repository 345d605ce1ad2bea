/**
 * The out-of-office form: ZCreateOooInput's fields and messages, with calendar dates where the API takes instants.
 * "No one" is 0 in the redirect select (a select has no null option). The fields keep the API's names (`start`, `end`), so the service's field errors (`body.end`) land on them.
 */
import { z } from "zod";
import { OOO_FIELDS, type TCreateOooInput } from "@/server/out-of-office/out-of-office.schemas";
import { ZCalendarDate } from "@/server/time/timestamps";
import { nextDay, startOfDayIn } from "@/server/time/zoned-dates";

export const ZOooForm = z
  .object({
    start: ZCalendarDate(),
    end: ZCalendarDate(),
    reason: OOO_FIELDS.reason,
    notes: z.string().trim().max(500, "Notes are at most 500 characters"),
    toUserId: z.union([z.literal(0).transform(() => null), OOO_FIELDS.toUserId]),
  })
  .refine((value) => value.end >= value.start, { path: ["end"], message: "The last day cannot be before the first" });
export type TOooForm = z.input<typeof ZOooForm>;

/** From the first day's 00:00 to the day after the last, in the user's zone. */
export const toOooInput = (form: z.output<typeof ZOooForm>, timeZone: string): TCreateOooInput => ({
  start: startOfDayIn(form.start, timeZone).toISOString(),
  end: startOfDayIn(nextDay(form.end), timeZone).toISOString(),
  reason: form.reason,
  notes: form.notes || null,
  toUserId: form.toUserId,
});

export const REASON_LABELS: Record<(typeof OOO_FIELDS)["reason"]["options"][number], string> = {
  unspecified: "Unspecified",
  vacation: "Vacation",
  travel: "Travel",
  sick: "Sick leave",
  public_holiday: "Public holiday",
};
