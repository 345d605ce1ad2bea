/**
 * The event type output: the peer's EventTypeOutput_2024_06_14. Its required fields that Convene has no
 * setting for carry the value that describes what Convene does (no price, no recurrence, guests allowed,
 * the booking form's fixed fields), so client code written for the peer reads them as it expects.
 */
import { z } from "zod";
import { optionalField } from "../http/optional-field";
import { env } from "../env";
import type { TLocation } from "./event-type.schemas";

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
  requiresConfirmation: true,
  periodDays: true,
  metadata: true,
  owner: { select: { username: true } },
} as const;

type EventTypeRow = {
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
  periodDays: number | null;
  metadata: unknown;
  owner: { username: string } | null;
};

/**
 * The fields every booking form asks for (POST /v2/bookings: attendee name and e-mail, location, guests). The peer
 * requires `label` and `placeholder` on its default fields; Convene sets no placeholder, so it is empty.
 */
const BOOKING_FIELDS = [
  { type: "name", slug: "name", label: "Your name", placeholder: "", isDefault: true, required: true, hidden: false },
  { type: "email", slug: "email", label: "Email address", placeholder: "", isDefault: true, required: true, hidden: false },
  { type: "radioInput", slug: "location", label: "Location", placeholder: "", isDefault: true, required: false, hidden: false },
  { type: "multiemail", slug: "guests", label: "Additional guests", placeholder: "", isDefault: true, required: false, hidden: false },
  { type: "textarea", slug: "rescheduleReason", label: "Reason for reschedule", placeholder: "", isDefault: true, required: false, hidden: false },
];

const ZBookingField = z.object({
  type: z.string(),
  slug: z.string(),
  label: z.string(),
  placeholder: z.string().describe("Empty when none"),
  isDefault: z.boolean(),
  required: z.boolean(),
  hidden: z.boolean(),
});

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
  bookingWindow: z
    .object({ type: z.literal("calendarDays"), value: z.number().int(), rolling: z.literal(false) })
    .optional()
    .describe("Left out when bookings are not limited"),
  metadata: z.record(z.string(), z.unknown()),
  bookingFields: z.array(ZBookingField),
  disableGuests: z.boolean(),
  recurrence: z.null(),
  price: z.number(),
  currency: z.string(),
  lockTimeZoneToggleOnBookingPage: z.boolean(),
  forwardParamsSuccessRedirect: z.boolean().nullable(),
  successRedirectUrl: z.string().nullable(),
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
    ...optionalField("bookingWindow", row.periodDays === null ? null : { type: "calendarDays" as const, value: row.periodDays, rolling: false as const }),
    metadata: (row.metadata ?? {}) as Record<string, unknown>,
    bookingFields: BOOKING_FIELDS,
    disableGuests: false,
    recurrence: null,
    price: 0,
    currency: "usd",
    lockTimeZoneToggleOnBookingPage: false,
    forwardParamsSuccessRedirect: null,
    successRedirectUrl: null,
    isInstantEvent: false,
    bookingRequiresAuthentication: false,
    users: row.owner ? [row.owner.username] : [],
    bookingUrl: row.owner ? `${env().APP_URL.replace(/\/$/, "")}/${row.owner.username}/${row.slug}` : "",
  };
}
