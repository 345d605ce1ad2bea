/**
 * The peer's bookingLimitsCount and bookingLimitsDuration: how many bookings, or how many minutes of
 * bookings, a host takes of this event type per calendar day, week, month and year. Stored as JSON
 * ({day?, week?, month?, year?}); enforced by server/slots/booking-limits.ts.
 */
import { z } from "zod";

export const PERIODS = ["day", "week", "month", "year"] as const;
export type TPeriod = (typeof PERIODS)[number];
export type TLimits = Partial<Record<TPeriod, number>>;

/** A longer period cannot allow less than a shorter one (the peer refuses that too). */
function refineOrder(limits: TLimits, context: z.RefinementCtx) {
  let shorter: [TPeriod, number] | undefined;
  for (const period of PERIODS) {
    const value = limits[period];
    if (value === undefined) continue;
    if (shorter && value < shorter[1])
      context.addIssue({ code: "custom", path: [period], message: `The ${period} limit must not be below the ${shorter[0]} limit` });
    shorter = [period, value];
  }
}

function ZLimits(value: z.ZodNumber, describe: (period: TPeriod) => string) {
  const fields = Object.fromEntries(PERIODS.map((period) => [period, value.describe(describe(period)).optional()])) as Record<
    TPeriod,
    z.ZodOptional<z.ZodNumber>
  >;
  return z.union([
    z
      .object({ ...fields, disabled: z.literal(false).optional().describe("Only false here; send {disabled: true} to remove the limits") })
      .strict()
      .superRefine(refineOrder),
    z.object({ disabled: z.literal(true) }).strict(),
  ]);
}

export const ZBookingLimitsCount = ZLimits(z.number().int().min(1, "Must be a positive integer").max(100_000), (period) => `Bookings per ${period}`).describe(
  "At most this many bookings of this event type per host and calendar day/week/month/year (the schedule's time zone); {disabled: true} removes them",
);

export const ZBookingLimitsDuration = ZLimits(
  z
    .number()
    .int()
    .min(15, "Must be at least 15 minutes")
    .max(527_040, "Must be at most 527040 minutes (a year)")
    .refine((minutes) => minutes % 15 === 0, "Must be a multiple of 15 minutes"),
  (period) => `Minutes of bookings per ${period} (a multiple of 15)`,
).describe("At most this many minutes of bookings of this event type per host and calendar day/week/month/year; {disabled: true} removes them");

type TLimitsInput = z.output<ReturnType<typeof ZLimits>>;

/** The limits set, or null when none are (the column's SQL NULL). Imported by the site's forms too: no database client here. */
export function limitsSet(input: TLimitsInput): TLimits | null {
  return (!input.disabled && limitsOf(input)) || null;
}

/** The stored limits (null when none). */
export function limitsOf(column: unknown): TLimits | null {
  if (!column || typeof column !== "object") return null;
  const limits: TLimits = {};
  for (const period of PERIODS) {
    const value = (column as Record<string, unknown>)[period];
    if (typeof value === "number") limits[period] = value;
  }
  return Object.keys(limits).length > 0 ? limits : null;
}

export const ZLimitsOutput = (what: string) =>
  z
    .object(Object.fromEntries(PERIODS.map((period) => [period, z.number().int().optional()])) as Record<TPeriod, z.ZodOptional<z.ZodNumber>>)
    .optional()
    .describe(`${what} per day, week, month and year; left out when there are none`);
