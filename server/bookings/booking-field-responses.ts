/**
 * POST /v2/bookings' bookingFieldsResponses: the booker's answers to the event type's booking form, keyed by
 * field slug. Checked against the form before anything is written (every refusal is a 400 naming the field),
 * stored on the booking as checked, and returned with what the booker gave elsewhere in the body (name,
 * e-mail, phone, guests), as the peer's BookingOutput_2024_08_13.bookingFieldsResponses does.
 */
import { z } from "zod";
import { AppError } from "../errors";
import {
  ATTENDEE_PHONE_SLUG,
  FIELD_TYPES_WITH_OPTIONS,
  defaultFieldSettings,
  isCustomField,
  storedBookingFields,
  type TCustomField,
} from "../event-types/booking-fields";
import { ZEmail } from "../users/user.schemas";
import { MAX_GUESTS, ZPhoneNumber } from "./booking.schemas";

type Answers = Record<string, unknown>;
type Issue = { path: string; message: string };
type BookingBody = { bookingFieldsResponses?: Answers; attendee: { phoneNumber?: string }; guests?: string[] };

const MAX_TEXT = { text: 1000, address: 1000, textarea: 10_000 } as const;

/** Where each answer the peer's booking form also lists comes from in this body. */
const ANSWERED_ELSEWHERE: Record<string, string> = {
  name: "attendee.name",
  email: "attendee.email",
  [ATTENDEE_PHONE_SLUG]: "attendee.phoneNumber",
  guests: "guests",
  location: "location",
  rescheduleReason: "reschedulingReason of POST /v2/bookings/{bookingUid}/reschedule",
};

export const isEmpty = (value: unknown) => value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0);

const textSchemas = new Map<number, z.ZodType<string>>();
/** Built once per length: building a zod schema costs more than the parse (two of them on every booking's notes and title). */
const ZText = (max: number) => textSchemas.get(max) ?? textSchemas.set(max, z.string().trim().max(max, `At most ${max} characters`)).get(max)!;
const ZChoice = (options: string[]) => z.string().refine((value) => options.includes(value), `Must be one of: ${options.join(", ")}`);
const ZChoices = (options: string[]) =>
  z
    .array(ZChoice(options))
    .max(options.length)
    .refine((values) => new Set(values).size === values.length, "Each option at most once");

/** The value schema of one field type; numbers may come as numeric strings (what a form input holds). Routing forms ask the same kinds. */
export function answerSchema(field: TCustomField): z.ZodType {
  const options = "options" in field ? (field.options as string[]) : [];
  switch (field.type) {
    case "text":
    case "textarea":
    case "address":
      return ZText(MAX_TEXT[field.type]);
    case "number":
      return z
        .union(
          [
            z.number(),
            z
              .string()
              .trim()
              .regex(/^-?\d+(\.\d+)?$/)
              .transform(Number),
          ],
          { error: "Must be a number" },
        )
        .pipe(z.number().finite("Must be a number"));
    case "phone":
      return ZPhoneNumber;
    case "url":
      return z.url({ protocol: /^https?$/, message: "Must be an http(s) URL" }).max(2048);
    case "select":
    case "radio":
      return ZChoice(options);
    case "multiselect":
    case "checkbox":
      return ZChoices(options);
    case "boolean":
      return z.boolean();
    case "multiemail":
      return z.array(ZEmail).max(MAX_GUESTS);
  }
}

/** A required field needs an answer; a required yes/no field needs yes (a box the booker must tick). Hidden fields are never required. */
const missesRequired = (field: { required: boolean; hidden: boolean; type: string }, value: unknown) =>
  field.required && !field.hidden && (isEmpty(value) || (field.type === "boolean" && value !== true));

function requiredMessage(field: TCustomField): string {
  if (field.type === "boolean") return `${field.label}: must be answered true`;
  return `${field.label}: ${FIELD_TYPES_WITH_OPTIONS.includes(field.type) ? "choose an option" : "an answer is required"}`;
}

/**
 * The answers to store: each checked and normalised by its field's type. Every problem is reported at once,
 * each naming its field; nothing has been written when this throws.
 */
export function checkBookingFieldsResponses(storedFields: unknown, body: BookingBody): Answers {
  const fields = storedBookingFields(storedFields);
  const custom = fields.filter(isCustomField);
  const answers = body.bookingFieldsResponses ?? {};
  const issues: Issue[] = [];
  const checked: Answers = {};
  const path = (slug: string) => `body.bookingFieldsResponses.${slug}`;

  for (const [slug, value] of Object.entries(answers)) {
    if (slug in ANSWERED_ELSEWHERE) issues.push({ path: path(slug), message: `${slug} is given as ${ANSWERED_ELSEWHERE[slug]}, not here` });
    else if (slug !== "notes" && slug !== "title" && !custom.some((field) => field.slug === slug))
      issues.push({ path: path(slug), message: `This event type has no booking field ${slug}` });
    else if (value === null || value === undefined) issues.push({ path: path(slug), message: "Leave an unanswered field out rather than sending null" });
  }

  const reported = (target: string) => issues.some((issue) => issue.path === target);
  for (const slug of ["notes", "title"]) {
    const settings = defaultFieldSettings(fields, slug)!;
    const result = ZText(MAX_TEXT.textarea).safeParse(answers[slug]);
    if (answers[slug] !== undefined && answers[slug] !== null && !result.success) issues.push({ path: path(slug), message: result.error.issues[0]!.message });
    else if (result.success && result.data !== "") checked[slug] = result.data;
    if (!reported(path(slug)) && missesRequired(settings, checked[slug]))
      issues.push({ path: path(slug), message: `${settings.label}: an answer is required` });
  }

  for (const field of custom) {
    if (field.slug === ATTENDEE_PHONE_SLUG) {
      if (missesRequired(field, body.attendee.phoneNumber))
        issues.push({ path: "body.attendee.phoneNumber", message: `${field.label}: a phone number is required` });
      continue;
    }
    const value = answers[field.slug];
    if (value !== undefined && value !== null) {
      const result = answerSchema(field).safeParse(value);
      if (!result.success) issues.push({ path: path(field.slug), message: `${field.label}: ${result.error.issues[0]!.message}` });
      else if (!isEmpty(result.data)) checked[field.slug] = result.data;
    }
    if (!reported(path(field.slug)) && missesRequired(field, checked[field.slug])) issues.push({ path: path(field.slug), message: requiredMessage(field) });
  }

  const guests = defaultFieldSettings(fields, "guests")!;
  if (missesRequired(guests, body.guests)) issues.push({ path: "body.guests", message: `${guests.label}: at least one guest is required` });

  if (issues.length) throw new AppError("BAD_REQUEST", "Invalid bookingFieldsResponses", issues);
  return checked;
}

type AttendeeRow = { name: string; email: string; isGuest: boolean; phoneNumber: string | null };

/** The peer's output: name, e-mail (left out for a phone-only booker) and phone of the booker, the stored answers, then guests. */
export function bookingFieldsResponsesOutput(stored: unknown, attendees: AttendeeRow[]): Answers {
  const booker = attendees.find((attendee) => !attendee.isGuest);
  const guests = attendees.filter((attendee) => attendee.isGuest).map((attendee) => attendee.email);
  return {
    ...(booker ? { name: booker.name } : {}),
    ...(booker && hasMailbox(booker.email) ? { email: booker.email } : {}),
    ...(booker?.phoneNumber ? { [ATTENDEE_PHONE_SLUG]: booker.phoneNumber } : {}),
    ...(stored && typeof stored === "object" && !Array.isArray(stored) ? (stored as Answers) : {}),
    ...(guests.length ? { guests } : {}),
  };
}

/**
 * A booker may give a phone number instead of an e-mail (as the peer allows). Attendees always have an e-mail in
 * the peer's output (BookingAttendee.email is required), and Convene finds attendees by e-mail (mark absent, the
 * attendeeEmail filter, the per-attendee booking limit), so a phone-only attendee is stored with an address made
 * from the number, shaped like the peer's (`<digits>@sms.<domain>`). Its domain is under `.invalid`, reserved by
 * RFC 2606 never to resolve: no mail can reach anyone there, and every mail path skips it (hasMailbox).
 */
export const PHONE_ONLY_EMAIL_DOMAIN = "sms.invalid";

export const phoneOnlyEmail = (phoneNumber: string) => `${phoneNumber.replace(/\D/g, "")}@${PHONE_ONLY_EMAIL_DOMAIN}`;

/** False for a phone-only attendee's stand-in address: nothing is mailed there. */
export const hasMailbox = (email: string) => !email.toLowerCase().endsWith(`@${PHONE_ONLY_EMAIL_DOMAIN}`);

/** The address an attendee is stored and counted under: the one given, else the phone number's stand-in. */
export function attendeeEmailOf(attendee: { email?: string; phoneNumber?: string }): string {
  if (attendee.email) return attendee.email;
  if (attendee.phoneNumber) return phoneOnlyEmail(attendee.phoneNumber);
  throw new Error("An attendee has an e-mail or a phone number (ZCreateBookingInput checks it)");
}
