/**
 * The peer's confirmationPolicy: "always" (every booking waits for the host's confirmation), "time" (only
 * bookings made with less notice than noticeThreshold wait; the others are accepted at once), or
 * {disabled: true}. Stored as requiresConfirmation plus the threshold's unit and count as sent.
 * Convene's pending bookings always block their slot, so blockUnconfirmedBookingsInBooker reads true.
 */
import { z } from "zod";

const UNIT_MINUTES = { minutes: 1, hours: 60, days: 1440, weeks: 10_080 } as const;
export type TNoticeUnit = keyof typeof UNIT_MINUTES;
const UNITS = Object.keys(UNIT_MINUTES) as TNoticeUnit[];

const ZNoticeThreshold = z
  .object({
    unit: z.enum(UNITS, { message: `unit is one of ${UNITS.join(", ")}` }).describe("Unit of count"),
    count: z.number().int().min(1, "count must be a positive integer").max(100_000).describe("How many units of notice"),
  })
  .strict()
  .describe("Bookings made with less notice than this need confirmation; bookings made earlier are accepted");

const ZBlockUnconfirmed = z.boolean().describe("Accepted for the peer's clients; pending bookings always block their slot in Convene");

export const ZConfirmationPolicy = z
  .union(
    [
      z.object({ type: z.literal("always"), blockUnconfirmedBookingsInBooker: ZBlockUnconfirmed.optional() }).strict(),
      z.object({ type: z.literal("time"), noticeThreshold: ZNoticeThreshold, blockUnconfirmedBookingsInBooker: ZBlockUnconfirmed.optional() }).strict(),
      z.object({ disabled: z.literal(true) }).strict(),
    ],
    {
      error:
        'confirmationPolicy is {"type": "always"}, {"type": "time", "noticeThreshold": {"unit": "minutes" | "hours" | "days" | "weeks", "count": <positive integer>}} or {"disabled": true}',
    },
  )
  .describe("When bookings need the host's confirmation; an alternative to requiresConfirmation");
export type TConfirmationPolicy = z.output<typeof ZConfirmationPolicy>;

export type ConfirmationColumns = { requiresConfirmation: boolean; confirmationNoticeUnit: string | null; confirmationNoticeCount: number | null };

/** requiresConfirmation alone means "always" (true) or no confirmation (false): either clears a threshold. */
export function confirmationColumns(fields: { requiresConfirmation?: boolean; confirmationPolicy?: TConfirmationPolicy }): Partial<ConfirmationColumns> {
  const { requiresConfirmation, confirmationPolicy: policy } = fields;
  if (policy === undefined)
    return requiresConfirmation === undefined ? {} : { requiresConfirmation, confirmationNoticeUnit: null, confirmationNoticeCount: null };
  if (!("type" in policy)) return { requiresConfirmation: false, confirmationNoticeUnit: null, confirmationNoticeCount: null };
  const threshold = policy.type === "time" ? policy.noticeThreshold : null;
  return { requiresConfirmation: true, confirmationNoticeUnit: threshold?.unit ?? null, confirmationNoticeCount: threshold?.count ?? null };
}

const isUnit = (unit: string | null): unit is TNoticeUnit => unit !== null && unit in UNIT_MINUTES;

export const ZConfirmationPolicyOutput = z
  .object({
    type: z.enum(["always", "time"]),
    noticeThreshold: z.object({ unit: z.enum(UNITS), count: z.number().int() }).optional(),
    blockUnconfirmedBookingsInBooker: z.boolean(),
  })
  .optional()
  .describe("Left out when bookings need no confirmation");

export function toConfirmationPolicyOutput(row: ConfirmationColumns): z.infer<typeof ZConfirmationPolicyOutput> {
  if (!row.requiresConfirmation) return undefined;
  const { confirmationNoticeUnit: unit, confirmationNoticeCount: count } = row;
  if (isUnit(unit) && count !== null) return { type: "time", noticeThreshold: { unit, count }, blockUnconfirmedBookingsInBooker: true };
  return { type: "always", blockUnconfirmedBookingsInBooker: true };
}

/**
 * Whether a booking starting at `start`, made at `now`, waits for confirmation. With a threshold, the peer's
 * rule: only a booking made with less notice than the threshold needs it; exactly the threshold or more is
 * accepted at once.
 */
export function needsConfirmation(eventType: ConfirmationColumns, start: Date, now: Date): boolean {
  if (!eventType.requiresConfirmation) return false;
  const { confirmationNoticeUnit: unit, confirmationNoticeCount: count } = eventType;
  if (!isUnit(unit) || count === null) return true;
  return start.getTime() - now.getTime() < count * UNIT_MINUTES[unit] * 60_000;
}

export const CONFIRMATION_SELECT = { requiresConfirmation: true, confirmationNoticeUnit: true, confirmationNoticeCount: true } as const;
