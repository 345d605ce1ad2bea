/**
 * Event type write shapes: the spec's (title, slug, lengthInMinutes, locations with plain type names) and
 * the peer's CreateEventTypeInput_2024_06_14 fields we store. Unknown fields are refused, not ignored,
 * so a client learns at once that a setting it sent is not supported.
 */
import { z } from "zod";
import { ZIdField, ZIdParam } from "../http/ids";
import { ZPaginationQuery } from "../http/pagination";
import { ZMetadata } from "../users/user.schemas";
import { ZBookingLimitsCount, ZBookingLimitsDuration } from "./booking-limits";
import { ZBookingWindowInput } from "./booking-window";
import { bookerSettingFields } from "./booker-settings";
import { ZConfirmationPolicy } from "./confirmation-policy";
import { ZBookingFieldsInput } from "./booking-fields";
import { ZRecurrenceInput } from "./recurrence";
import { ZSeatsInput } from "./seats";

/**
 * Plain conferencing app names (v1 wrote them with an app prefix such as `integrations:zoom`): the peer's, and
 * Convene's built-in `jitsi` (server/conferencing/conferencing-apps.ts; the peer's `cal-video` books it too).
 */
export const INTEGRATIONS = ["jitsi", "cal-video", "google-meet", "office365-video", "zoom"] as const;

const ZIsPublic = z.boolean().describe("Whether bookers see the location before booking");

export const ZLocation = z.discriminatedUnion("type", [
  z.object({ type: z.literal("address"), address: z.string().trim().min(1).max(500), public: ZIsPublic.optional() }).strict(),
  z
    .object({ type: z.literal("link"), link: z.url({ protocol: /^https?$/, message: "Must be an http(s) URL" }).max(2048), public: ZIsPublic.optional() })
    .strict(),
  z
    .object({
      type: z.literal("phone"),
      phone: z.string().regex(/^\+[1-9]\d{6,14}$/, "Must be an E.164 phone number such as +14155550123"),
      public: ZIsPublic.optional(),
    })
    .strict(),
  z
    .object({
      type: z.literal("integration"),
      integration: z.enum(INTEGRATIONS, { message: `Use a plain app name without prefix: ${INTEGRATIONS.join(", ")}` }),
    })
    .strict(),
  z.object({ type: z.literal("attendeeAddress") }).strict(),
  z.object({ type: z.literal("attendeePhone") }).strict(),
  z.object({ type: z.literal("attendeeDefined") }).strict(),
]);
export type TLocation = z.infer<typeof ZLocation>;

export const ZSlug = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "Slug is required")
  .max(100, "Slug is at most 100 characters")
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "Slug may contain letters, digits and single dashes between them");

export const MAX_LENGTH_OPTIONS = 20;

/** The peer documents the options as strings and shows numbers: both are read as whole minutes. */
const ZLengthOption = z
  .union([z.number(), z.string().trim().regex(/^\d+$/, "Each length is a whole number of minutes").transform(Number)])
  .pipe(z.number().int("Each length is a whole number of minutes").min(1, "Each length is at least 1 minute").max(1440, "Each length is at most 1440 minutes"));

const ZLengthOptions = z
  .array(ZLengthOption)
  .max(MAX_LENGTH_OPTIONS, `At most ${MAX_LENGTH_OPTIONS} lengths`)
  .refine((lengths) => new Set(lengths).size === lengths.length, "Each length may appear once")
  .transform((lengths) => [...lengths].sort((a, b) => a - b))
  .describe("Lengths in minutes a booker may choose from (must include lengthInMinutes); empty: only lengthInMinutes");

const ZMinutes = (max: number) => z.number().int().min(0, "Must be 0 or more minutes").max(max, `Must be at most ${max} minutes`);

const fields = {
  title: z.string().trim().min(1, "Title is required").max(200, "Title is at most 200 characters"),
  slug: ZSlug,
  lengthInMinutes: z.number().int().min(1, "lengthInMinutes must be a positive integer").max(1440, "lengthInMinutes is at most 1440 (one day)"),
  description: z.string().max(10_000).nullable(),
  locations: z.array(ZLocation).max(20, "At most 20 locations"),
  hidden: z.boolean().describe("Hidden event types are not listed on the booking page; they are booked through private links"),
  minimumBookingNotice: ZMinutes(525_600).describe("Minutes"),
  beforeEventBuffer: ZMinutes(1440).describe("Minutes"),
  afterEventBuffer: ZMinutes(1440).describe("Minutes"),
  slotInterval: z.number().int().min(1).max(1440).nullable().describe("Minutes between slot starts; null means lengthInMinutes"),
  lengthInMinutesOptions: ZLengthOptions,
  scheduleId: ZIdField.nullable().describe("One of your schedules; null means your default schedule"),
  requiresConfirmation: z.boolean(),
  confirmationPolicy: ZConfirmationPolicy,
  bookingWindow: ZBookingWindowInput,
  bookingLimitsCount: ZBookingLimitsCount,
  bookingLimitsDuration: ZBookingLimitsDuration,
  ...bookerSettingFields,
  metadata: ZMetadata,
  bookingFields: ZBookingFieldsInput,
  recurrence: ZRecurrenceInput,
  seats: ZSeatsInput,
};

type ConfirmationFields = { requiresConfirmation?: boolean; confirmationPolicy?: z.infer<typeof ZConfirmationPolicy> };

const requiresConfirmationOf = (policy: NonNullable<ConfirmationFields["confirmationPolicy"]>) => "type" in policy;

export function refineConfirmation(value: ConfirmationFields, context: z.RefinementCtx) {
  const { requiresConfirmation, confirmationPolicy } = value;
  if (requiresConfirmation !== undefined && confirmationPolicy && requiresConfirmationOf(confirmationPolicy) !== requiresConfirmation) {
    context.addIssue({ code: "custom", path: ["confirmationPolicy"], message: "confirmationPolicy contradicts requiresConfirmation; send one of them" });
  }
}

type LengthFields = { lengthInMinutes?: number; lengthInMinutesOptions?: number[] };

/** Options must include the default length. An update that sends one of the two is checked against the stored other (event-type.service.ts). */
export function lengthOptionsProblem({ lengthInMinutes, lengthInMinutesOptions }: LengthFields): string | null {
  if (lengthInMinutes === undefined || lengthInMinutesOptions === undefined || lengthInMinutesOptions.length === 0) return null;
  return lengthInMinutesOptions.includes(lengthInMinutes) ? null : `lengthInMinutesOptions must include lengthInMinutes (${lengthInMinutes})`;
}

export function refineLengths(value: LengthFields, context: z.RefinementCtx) {
  const problem = lengthOptionsProblem(value);
  if (problem) context.addIssue({ code: "custom", path: ["lengthInMinutesOptions"], message: problem });
}

/** The create fields before the cross-field rules: team event types (team-event-type.schemas.ts) extend them. */
export const ZCreateEventTypeFields = z.object(fields).partial({
  description: true,
  locations: true,
  hidden: true,
  minimumBookingNotice: true,
  beforeEventBuffer: true,
  afterEventBuffer: true,
  slotInterval: true,
  lengthInMinutesOptions: true,
  scheduleId: true,
  requiresConfirmation: true,
  confirmationPolicy: true,
  bookingWindow: true,
  bookingLimitsCount: true,
  bookingLimitsDuration: true,
  color: true,
  customName: true,
  successRedirectUrl: true,
  disableGuests: true,
  onlyShowFirstAvailableSlot: true,
  disableCancelling: true,
  disableRescheduling: true,
  minimumCancellationNotice: true,
  minimumRescheduleNotice: true,
  metadata: true,
  bookingFields: true,
  recurrence: true,
  seats: true,
});

/**
 * `length`, the peer's older name for lengthInMinutes (its v1 and first v2 clients send it; the spec's v1-to-v2 table
 * renames it), read as lengthInMinutes on every event type write: either may be sent, both only when equal. Answers
 * name lengthInMinutes only.
 */
export const LENGTH_ALIAS = {
  length: fields.lengthInMinutes.optional().describe("The peer's older name for lengthInMinutes, read as it (send one of the two; both only if equal)"),
  lengthInMinutes: fields.lengthInMinutes.optional().describe("Required on creates (or its older name, length)"),
};

type LengthAliases = { length?: number; lengthInMinutes?: number };

/** Both names with different values is a 400; on a create (`isRequired`), one of them must be sent. */
export const refineLengthAlias =
  (isRequired: boolean) =>
  ({ length, lengthInMinutes }: LengthAliases, context: z.RefinementCtx) => {
    if (length !== undefined && lengthInMinutes !== undefined && length !== lengthInMinutes) {
      context.addIssue({ code: "custom", path: ["length"], message: "length is the older name of lengthInMinutes; send one of them" });
    }
    if (isRequired && length === undefined && lengthInMinutes === undefined) {
      context.addIssue({ code: "custom", path: ["lengthInMinutes"], message: "lengthInMinutes is required" });
    }
  };

/** The body with `length` moved to lengthInMinutes (a create has one, refineLengthAlias(true) saw to it). */
export function mergeLengthAlias<T extends LengthAliases>({ length, ...rest }: T): Omit<T, "length"> {
  const lengthInMinutes = rest.lengthInMinutes ?? length;
  return lengthInMinutes === undefined ? rest : { ...rest, lengthInMinutes };
}
const mergeRequiredLength = <T extends LengthAliases>(value: T) =>
  mergeLengthAlias(value) as Omit<T, "length" | "lengthInMinutes"> & { lengthInMinutes: number };

export const ZCreateEventTypeInput = ZCreateEventTypeFields.extend(LENGTH_ALIAS)
  .strict()
  .superRefine(refineLengthAlias(true))
  .transform(mergeRequiredLength)
  .superRefine(refineConfirmation)
  .superRefine(refineLengths);
export type TCreateEventTypeInput = z.input<typeof ZCreateEventTypeInput>;

/** The update fields before the cross-field rules. */
export const ZUpdateEventTypeFields = z.object(fields).partial();

export const ZUpdateEventTypeInput = ZUpdateEventTypeFields.extend(LENGTH_ALIAS)
  .strict()
  .superRefine(refineLengthAlias(false))
  .transform(mergeLengthAlias)
  .superRefine(refineConfirmation)
  .superRefine(refineLengths);
export type TUpdateEventTypeInput = z.input<typeof ZUpdateEventTypeInput>;

export const ZEventTypeIdParams = z.object({ eventTypeId: ZIdParam });

const ZUsernames = z
  .string()
  .transform((value) => [...new Set(value.split(",").map((name) => name.trim()))].filter(Boolean))
  .meta({ type: "string" });

/**
 * GET /v2/event-types lists the caller's own event types; the peer's filters narrow them: `username`/`usernames`
 * (the owner's, so another user's name gives an empty page: their event types are on their booking page),
 * `eventSlug`. The peer's orgSlug/orgId only qualify a username, which is unique in Convene: ignored.
 */
export const ZListEventTypesQuery = ZPaginationQuery.extend({
  username: ZUsernames.optional().describe("Only if this is the caller's username (the peer lists that user's event types)"),
  usernames: ZUsernames.optional().describe("Comma-separated usernames: only if the caller's is among them"),
  eventSlug: z.string().min(1).max(200).optional().describe("The event type with this slug"),
}).strict();
export type TListEventTypesQuery = z.infer<typeof ZListEventTypesQuery>;
