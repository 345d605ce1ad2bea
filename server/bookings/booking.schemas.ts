import { z } from "zod";
import { ZIdField, ZIdParam } from "../http/ids";
import { ZTimeZone } from "../time/time-zones";
import { ZTimestamp } from "../time/timestamps";
import { LOCALES, ZEmail, ZMetadata } from "../users/user.schemas";
import { EVENT_TYPE_REFERENCE_FIELDS, refineEventTypeReference } from "./event-type-reference";
import { MAX_GUESTS } from "./booking-actions.schemas";
import { MAX_OCCURRENCES } from "../event-types/recurrence";

// The action bodies live where the site's client components can import them (no database module behind them).
export { MAX_GUESTS, ZAddGuestsInput, ZCancelBookingInput, ZDeclineBookingInput, ZMarkAbsentInput, ZRescheduleBookingInput } from "./booking-actions.schemas";

export const BOOKING_STATUSES = ["accepted", "pending", "cancelled", "rejected"] as const;

/** v2 takes full timestamps only; a date alone was v1's format. */
const ZInstant = ZTimestamp();

export const ZReferencesQuery = z
  .object({
    type: z
      .string()
      .trim()
      .min(1)
      .max(50)
      .optional()
      .describe("Only references of this type: google_calendar, office365_calendar, apple_calendar, or a video app's type such as zoom_video"),
  })
  .strict();

export const ZBookingUidParams = z.object({ bookingUid: z.string().min(1).max(64) });
export const ZSeatUidParams = z.object({ seatUid: z.string().min(1).max(64) });

export const ZLocation = z
  .object({
    type: z.string().trim().min(1).max(50).describe("Location kind without app prefix, e.g. address, link, phone, integration"),
    integration: z.string().max(50).optional(),
    address: z.string().max(500).optional(),
    link: z.url().max(2048).optional(),
    phone: z.string().max(50).optional(),
    location: z.string().trim().min(1).max(500).optional().describe("With type attendeeDefined: the place the attendee names"),
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

export const ZBookingFieldsResponses = z
  .record(z.string().max(64, "A booking field slug is at most 64 characters"), z.unknown())
  .refine((answers) => Object.keys(answers).length <= 60, "At most 60 answers")
  .describe(
    "Answers to the event type's bookingFields by slug: its custom fields and the default notes and title. Name, e-mail, phone, guests and location are given in their own body fields",
  );

/** The booker: an e-mail, a phone number, or both (as the peer: one of the two is required). */
const ZBookingAttendeeInput = ZAttendeeInput.extend({
  email: ZEmail.optional().describe("Required unless phoneNumber is given"),
  phoneNumber: ZPhoneNumber.optional().describe("E.164, e.g. +14155550123. Required unless email is given; without email, nothing is mailed to the attendee"),
});

export const ZCreateBookingInput = z
  .object({
    ...EVENT_TYPE_REFERENCE_FIELDS,
    start: ZInstant,
    lengthInMinutes: z.number().int().min(1).max(1440).optional().describe("One of the event type's lengthInMinutesOptions (default: its lengthInMinutes)"),
    attendee: ZBookingAttendeeInput,
    guests: z.array(ZEmail).max(MAX_GUESTS).optional().describe(`E-mail addresses of further attendees, at most ${MAX_GUESTS}`),
    location: ZLocation.optional().describe(
      "One of the event type's locations: {type} alone picks the organizer's address, link or phone (add its value to pick among several of a kind), {type: integration, integration}, or a kind the attendee fills in with its value ({type: attendeeAddress, address}, {type: attendeePhone, phone}, {type: attendeeDefined, location}). Anything the event type does not offer is a 400. Left out: the event type's only location, else none",
    ),
    meetingUrl: z
      .url({ protocol: /^https?$/, message: "meetingUrl must be an http(s) URL" })
      .max(2048)
      .optional()
      .describe(
        "Deprecated by the peer in favour of location: a meeting link for this booking, stored as location {type: link}. location wins when both are given",
      ),
    bookingFieldsResponses: ZBookingFieldsResponses.optional(),
    metadata: ZMetadata.optional(),
    /** A private link's id lets its holder book a hidden event type. */
    privateLink: z.string().min(1).max(100).optional(),
    emailVerificationCode: z.string().max(100).optional().describe("The peer's; Convene does not verify bookers' e-mail, so it is not used"),
    routing: z
      .object({
        responseId: ZIdField.optional().describe("The routing form response this booking follows (its routedToBookingUid becomes this booking's uid)"),
        teamMemberIds: z
          .array(ZIdField)
          .max(100)
          .optional()
          .describe("A round robin's rotating hosts to choose among (default: the ones the response's route chose, else every host)"),
      })
      .strict()
      .optional()
      .describe("What a routing form decided (POST /v2/organizations/{orgId}/routing-forms/{routingFormId}/responses answers it as `routing`)"),
    instant: z
      .boolean()
      .refine((instant) => !instant, "Convene has no instant meetings; book a slot by its start")
      .optional()
      .describe("The peer's instant meetings: only false (a booking of a slot, as without it)"),
    recurrenceCount: z
      .number()
      .int()
      .min(1, "recurrenceCount is at least 1")
      .max(MAX_OCCURRENCES, `recurrenceCount is at most ${MAX_OCCURRENCES}`)
      .optional()
      .describe(
        "A recurring event type's series: how many occurrences to book (at most its recurrence.occurrences, which is the default). The answer is the occurrences, in order, sharing one recurringBookingUid",
      ),
  })
  .strict()
  .superRefine(refineEventTypeReference)
  .superRefine(({ attendee }, context) => {
    if (attendee.email === undefined && attendee.phoneNumber === undefined)
      context.addIssue({ code: "custom", path: ["attendee", "email"], message: "attendee.email is required unless attendee.phoneNumber is given" });
  });
export type TCreateBookingInput = z.infer<typeof ZCreateBookingInput>;

export const ZUpdateLocationInput = z.object({ location: ZLocation }).strict();
export const ZAddAttendeeInput = ZAttendeeInput.strict();
export const ZAttendeeParams = ZBookingUidParams.extend({ attendeeId: ZIdParam });
export const ZReassignParams = ZBookingUidParams.extend({ userId: ZIdParam });
export const ZReassignInput = z.object({ reason: z.string().trim().max(1000).optional() }).strict();
