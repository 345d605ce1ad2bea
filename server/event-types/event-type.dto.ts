/**
 * The event type output: the peer's EventTypeOutput_2024_06_14. Its required fields that Convene has no
 * setting for carry the value that describes what Convene does (no price,
 * the booking form's fixed fields), so client code written for the peer reads them as it expects.
 */
import { z } from "zod";
import { optionalField } from "../http/optional-field";
import { env } from "../env";
import type { TLocation } from "./event-type.schemas";
import { limitsOf, ZLimitsOutput } from "./booking-limits";
import { BOOKING_WINDOW_SELECT, toBookingWindowOutput, ZBookingWindowOutput, type BookingWindowColumns } from "./booking-window";
import { BOOKER_SETTINGS_SELECT, colorOf, ZColorOutput } from "./booker-settings";
import { CONFIRMATION_SELECT, toConfirmationPolicyOutput, ZConfirmationPolicyOutput } from "./confirmation-policy";
import { bookingFieldsOutput, ZBookingFieldOutput } from "./booking-fields";
import { recurrenceOf, ZRecurrenceOutput } from "./recurrence";
import { SEATS_SELECT, toSeatsOutput, ZSeatsOutput, type SeatsColumns } from "./seats";

export const EVENT_TYPE_SELECT = {
  id: true,
  userId: true,
  title: true,
  slug: true,
  description: true,
  lengthInMinutes: true,
  locations: true,
  hidden: true,
  minimumBookingNotice: true,
  beforeEventBuffer: true,
  afterEventBuffer: true,
  slotInterval: true,
  lengthInMinutesOptions: true,
  scheduleId: true,
  ...CONFIRMATION_SELECT,
  ...BOOKING_WINDOW_SELECT,
  ...BOOKER_SETTINGS_SELECT,
  ...SEATS_SELECT,
  bookingLimitsCount: true,
  bookingLimitsDuration: true,
  metadata: true,
  bookingFields: true,
  recurrence: true,
  owner: { select: { username: true } },
} as const;

export type EventTypeRow = BookingWindowColumns &
  SeatsColumns & {
    id: number;
    userId: number | null;
    title: string;
    slug: string;
    description: string | null;
    lengthInMinutes: number;
    locations: unknown;
    hidden: boolean;
    minimumBookingNotice: number;
    beforeEventBuffer: number;
    afterEventBuffer: number;
    slotInterval: number | null;
    lengthInMinutesOptions: number[];
    scheduleId: number | null;
    requiresConfirmation: boolean;
    confirmationNoticeUnit: string | null;
    confirmationNoticeCount: number | null;
    bookingLimitsCount: unknown;
    bookingLimitsDuration: unknown;
    color: unknown;
    customName: string | null;
    successRedirectUrl: string | null;
    disableGuests: boolean;
    onlyShowFirstAvailableSlot: boolean;
    disableCancelling: boolean;
    disableRescheduling: boolean;
    minimumCancellationNotice: number;
    minimumRescheduleNotice: number;
    metadata: unknown;
    bookingFields: unknown;
    recurrence: unknown;
    owner: { username: string } | null;
  };

export const ZEventTypeOutput = z.object({
  id: z.number().int(),
  ownerId: z.number().int().nullable(),
  title: z.string(),
  slug: z.string(),
  description: z.string().describe("Empty when none"),
  lengthInMinutes: z.number().int(),
  lengthInMinutesOptions: z
    .array(z.number().int())
    .optional()
    .describe("Lengths in minutes a booker may choose from, ascending; left out when only lengthInMinutes is offered"),
  locations: z.array(z.record(z.string(), z.unknown())),
  hidden: z.boolean(),
  minimumBookingNotice: z.number().int(),
  beforeEventBuffer: z.number().int(),
  afterEventBuffer: z.number().int(),
  slotInterval: z.number().int().nullable(),
  scheduleId: z.number().int().nullable(),
  requiresConfirmation: z.boolean(),
  confirmationPolicy: ZConfirmationPolicyOutput,
  bookingWindow: ZBookingWindowOutput,
  bookingLimitsCount: ZLimitsOutput("Most bookings of this event type per host"),
  bookingLimitsDuration: ZLimitsOutput("Most minutes of bookings of this event type per host"),
  onlyShowFirstAvailableSlot: z.boolean(),
  color: ZColorOutput,
  customName: z.string().optional().describe("The booking title template; left out when bookings get the default title"),
  metadata: z.record(z.string(), z.unknown()),
  bookingFields: z.array(ZBookingFieldOutput).describe("The booking form: the default fields, then the event type's own questions"),
  disableGuests: z.boolean(),
  disableCancelling: z.boolean(),
  disableRescheduling: z.boolean(),
  minimumCancellationNotice: z.number().int().describe("Minutes before the start after which attendees can no longer cancel from their link"),
  minimumRescheduleNotice: z.number().int().describe("Minutes before the start after which attendees can no longer reschedule from their link"),
  recurrence: ZRecurrenceOutput,
  seats: ZSeatsOutput,
  seatsPerTimeSlot: z.number().int().optional().describe("The peer's older field: seats.seatsPerTimeSlot"),
  seatsShowAvailabilityCount: z.boolean().optional().describe("The peer's older field: seats.showAvailabilityCount"),
  price: z.number(),
  currency: z.string(),
  lockTimeZoneToggleOnBookingPage: z.boolean(),
  forwardParamsSuccessRedirect: z.boolean().nullable(),
  successRedirectUrl: z.string().nullable().describe("Null when the booker sees Convene's confirmation page"),
  isInstantEvent: z.boolean(),
  bookingRequiresAuthentication: z.boolean(),
  users: z.array(z.string()).describe("Usernames of the hosts"),
  bookingUrl: z.string().describe("The public booking page of the event type"),
});
export type TEventTypeOutput = z.infer<typeof ZEventTypeOutput>;

export const ZDeleteEventTypeOutput = ZEventTypeOutput.pick({ id: true, lengthInMinutes: true, title: true, slug: true });

export function toEventTypeOutput(row: EventTypeRow): TEventTypeOutput {
  return {
    id: row.id,
    ownerId: row.userId,
    title: row.title,
    slug: row.slug,
    description: row.description ?? "",
    lengthInMinutes: row.lengthInMinutes,
    ...optionalField("lengthInMinutesOptions", row.lengthInMinutesOptions.length > 0 ? row.lengthInMinutesOptions : null),
    locations: row.locations as TLocation[],
    hidden: row.hidden,
    minimumBookingNotice: row.minimumBookingNotice,
    beforeEventBuffer: row.beforeEventBuffer,
    afterEventBuffer: row.afterEventBuffer,
    slotInterval: row.slotInterval,
    scheduleId: row.scheduleId,
    requiresConfirmation: row.requiresConfirmation,
    ...optionalField("confirmationPolicy", toConfirmationPolicyOutput(row)),
    ...optionalField("bookingWindow", toBookingWindowOutput(row)),
    ...optionalField("bookingLimitsCount", limitsOf(row.bookingLimitsCount)),
    ...optionalField("bookingLimitsDuration", limitsOf(row.bookingLimitsDuration)),
    onlyShowFirstAvailableSlot: row.onlyShowFirstAvailableSlot,
    ...optionalField("color", colorOf(row.color)),
    ...optionalField("customName", row.customName),
    metadata: (row.metadata ?? {}) as Record<string, unknown>,
    bookingFields: bookingFieldsOutput(row.bookingFields),
    disableGuests: row.disableGuests,
    disableCancelling: row.disableCancelling,
    disableRescheduling: row.disableRescheduling,
    minimumCancellationNotice: row.minimumCancellationNotice,
    minimumRescheduleNotice: row.minimumRescheduleNotice,
    recurrence: recurrenceOf(row.recurrence),
    ...optionalField("seats", toSeatsOutput(row)),
    ...optionalField("seatsPerTimeSlot", row.seatsPerTimeSlot),
    ...optionalField("seatsShowAvailabilityCount", row.seatsPerTimeSlot === null ? null : row.seatsShowAvailabilityCount),
    price: 0,
    currency: "usd",
    lockTimeZoneToggleOnBookingPage: false,
    forwardParamsSuccessRedirect: null,
    successRedirectUrl: row.successRedirectUrl,
    isInstantEvent: false,
    bookingRequiresAuthentication: false,
    users: row.owner ? [row.owner.username] : [],
    bookingUrl: row.owner ? `${env().APP_URL.replace(/\/$/, "")}/${row.owner.username}/${row.slug}` : "",
  };
}

/**
 * An event type as anyone may read it (GET /v2/event-types?username=… without the owner's credential): the same shape,
 * holding only what its public booking page shows. Places marked not public and hidden questions are left out, as the
 * page leaves them out; the owner's own settings (metadata, schedule, limits, booking title template, redirect) are
 * answered empty.
 */
export function toPublicEventTypeOutput(output: TEventTypeOutput): TEventTypeOutput {
  const { bookingLimitsCount: _count, bookingLimitsDuration: _duration, customName: _customName, ...shown } = output;
  return {
    ...shown,
    locations: output.locations.filter((location) => !("public" in location) || location.public !== false),
    bookingFields: output.bookingFields.filter((field) => !field.hidden),
    scheduleId: null,
    metadata: {},
    successRedirectUrl: null,
  };
}
