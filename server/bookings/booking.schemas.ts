import { z } from "zod";
import { ZIdField, ZIdParam } from "../http/ids";
import { ZPaginationQuery } from "../http/pagination";
import { ZTimeZone } from "../time/time-zones";
import { ZTimestamp } from "../time/timestamps";
import { LOCALES, ZEmail, ZMetadata } from "../users/user.schemas";

export const BOOKING_STATUSES = ["accepted", "pending", "cancelled", "rejected"] as const;
export const MAX_GUESTS = 30;

/** v2 takes full timestamps only; a date alone was v1's format. */
const ZInstant = ZTimestamp();

export const ZBookingUidParams = z.object({ bookingUid: z.string().min(1).max(64) });

export const ZLocation = z
  .object({
    type: z.string().trim().min(1).max(50).describe("Location kind without app prefix, e.g. address, link, phone, integration"),
    integration: z.string().max(50).optional(),
    address: z.string().max(500).optional(),
    link: z.url().max(2048).optional(),
    phone: z.string().max(50).optional(),
  })
  .strict();
export type TLocationInput = z.infer<typeof ZLocation>;

/** E.164: "+", country code, subscriber number, 8 to 15 digits in all. Spaces, dots, dashes and brackets are dropped. */
export const ZPhoneNumber = z
  .string()
  .max(32, "Phone number is at most 32 characters")
  .transform((value) => value.replace(/[\s.()-]/g, ""))
  .refine((value) => /^\+[1-9]\d{7,14}$/.test(value), "Phone number must be in international format, e.g. +14155550123")
  .describe("E.164 phone number, e.g. +14155550123");

const ZAttendeeInput = z.object({
  name: z.string().trim().min(1, "Attendee name is required").max(200),
  email: ZEmail,
  timeZone: ZTimeZone,
  language: z.enum(LOCALES).default("en"),
  phoneNumber: ZPhoneNumber.optional(),
});

export const ZCreateBookingInput = z
  .object({
    eventTypeId: ZIdField,
    start: ZInstant,
    lengthInMinutes: z.number().int().min(1).max(1440).optional().describe("One of the event type's lengthInMinutesOptions (default: its lengthInMinutes)"),
    attendee: ZAttendeeInput,
    guests: z.array(ZEmail).max(MAX_GUESTS).optional(),
    location: ZLocation.optional(),
    metadata: ZMetadata.optional(),
    /** A private link's id lets its holder book a hidden event type. */
    privateLink: z.string().min(1).max(100).optional(),
  })
  .strict();
export type TCreateBookingInput = z.infer<typeof ZCreateBookingInput>;

const ZSortDirection = z.enum(["asc", "desc"]);
const ZStatusFilter = z.union([z.enum(BOOKING_STATUSES), z.array(z.enum(BOOKING_STATUSES)), z.string()]).transform((value, ctx) => {
  const list = (Array.isArray(value) ? value : value.split(",")).map((item) => item.trim()).filter(Boolean);
  const unknown = list.filter((item) => !(BOOKING_STATUSES as readonly string[]).includes(item));
  if (unknown.length) ctx.addIssue({ code: "custom", message: `Unknown status ${unknown.join(", ")}; use ${BOOKING_STATUSES.join(", ")}` });
  return list as (typeof BOOKING_STATUSES)[number][];
});

export const ZListBookingsQuery = ZPaginationQuery.extend({
  status: ZStatusFilter.optional(),
  attendeeEmail: ZEmail.optional(),
  eventTypeId: ZIdParam.optional(),
  afterStart: ZInstant.optional(),
  beforeEnd: ZInstant.optional(),
  sortStart: ZSortDirection.optional(),
  sortEnd: ZSortDirection.optional(),
  sortCreated: ZSortDirection.optional(),
}).strict();
export type TListBookingsQuery = z.infer<typeof ZListBookingsQuery>;

export const ZCancelBookingInput = z.object({ cancellationReason: z.string().trim().max(1000).optional() }).strict();
export const ZRescheduleBookingInput = z.object({ start: ZInstant, reschedulingReason: z.string().trim().max(1000).optional() }).strict();
export const ZDeclineBookingInput = z.object({ reason: z.string().trim().max(1000).optional() }).strict();
export const ZAddGuestsInput = z
  .object({
    guests: z
      .array(z.object({ email: ZEmail, name: z.string().trim().min(1).max(200).optional(), timeZone: ZTimeZone.optional() }))
      .min(1, "Add at least one guest")
      .max(MAX_GUESTS),
  })
  .strict();
export const ZUpdateLocationInput = z.object({ location: ZLocation }).strict();
export const ZMarkAbsentInput = z
  .object({
    host: z.boolean().optional(),
    attendees: z
      .array(z.object({ email: ZEmail, absent: z.boolean() }))
      .max(MAX_GUESTS + 1)
      .optional(),
  })
  .strict();
export const ZAddAttendeeInput = ZAttendeeInput.strict();
export const ZAttendeeParams = ZBookingUidParams.extend({ attendeeId: ZIdParam });
export const ZReassignParams = ZBookingUidParams.extend({ userId: ZIdParam });
export const ZReassignInput = z.object({ reason: z.string().trim().max(1000).optional() }).strict();
