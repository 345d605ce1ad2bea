/**
 * Where a booking takes place: one rule for every way a booking is made (POST /v2/bookings, the booking pages,
 * private links, every kind of team event type). Stored on the booking resolved — the organizer's address, link
 * or phone copied from the event type — so the booking keeps it if the event type changes later. The v2 output's
 * `location` is a string (BookingOutput_2024_08_13: the link, address or phone), "" when the booking has none.
 */
import { appOfIntegration, BUILT_IN_APP } from "../conferencing/conferencing-apps";
import { newJitsiRoomUrl } from "../conferencing/jitsi";
import { AppError } from "../errors";
import type { TLocation } from "../event-types/event-type.schemas";
import { ZPhoneNumber, type TLocationInput } from "./booking.schemas";

/** The event type's own places, and the field of the booking's location that holds each one's value. */
const ORGANIZER_FIELD = { address: "address", link: "link", phone: "phone", integration: "integration" } as const;
/** Places the booker names: the event type offers the kind, the booking body gives the value. */
const ATTENDEE_FIELD = { attendeeAddress: "address", attendeePhone: "phone", attendeeDefined: "location" } as const;

type OrganizerKind = keyof typeof ORGANIZER_FIELD;
type AttendeeKind = keyof typeof ATTENDEE_FIELD;
const isOrganizerKind = (type: string): type is OrganizerKind => type in ORGANIZER_FIELD;
const isAttendeeKind = (type: string): type is AttendeeKind => type in ATTENDEE_FIELD;

/** What the booker is asked for with each kind the booker fills in (error messages and the booking page's inputs). */
export const ATTENDEE_LOCATION_PROMPTS: Record<AttendeeKind, string> = {
  attendeeAddress: "Your address",
  attendeePhone: "Your phone number",
  attendeeDefined: "Where should the meeting take place?",
};

const INTEGRATION_NAMES: Record<string, string> = {
  jitsi: "Jitsi Meet",
  "cal-video": "Jitsi Meet",
  "google-meet": "Google Meet",
  "office365-video": "Microsoft Teams",
  zoom: "Zoom",
};

/** The event type's stored locations (written through ZLocation, so only their shape is checked here). */
export function offeredLocations(stored: unknown): TLocation[] {
  if (!Array.isArray(stored)) return [];
  return stored.filter((location): location is TLocation => typeof location === "object" && location !== null && typeof location.type === "string");
}

export function locationString(location: unknown): string {
  if (typeof location === "string") return location;
  if (!location || typeof location !== "object") return "";
  // `location`: the peer's attendeeDefined place, named by the attendee.
  const { link, address, phone, location: place, integration } = location as Record<string, unknown>;
  const text = [link, address, phone, place, integration].find((value) => typeof value === "string" && value.length > 0);
  return typeof text === "string" ? text : "";
}

/**
 * A booking's `location` as people read it (mails, the booking's page, the .ics): a video app's name stands for the
 * app ("zoom" → "Zoom") until, and beside, the meeting's own link; any other place is shown as written.
 */
export function locationForPeople(location: string | null | undefined): string | null {
  if (!location) return null;
  return INTEGRATION_NAMES[location] ?? location;
}

/** How a kind of place reads for a booker ("In person", "Phone call", "Zoom", …). */
export function locationKindLabel(location: { type: string; integration?: string }): string {
  switch (location.type) {
    case "address":
      return "In person";
    case "link":
      return "Online meeting";
    case "phone":
      return "Phone call";
    case "integration":
      return INTEGRATION_NAMES[location.integration ?? ""] ?? location.integration ?? "Video call";
    case "attendeeAddress":
      return "In person, at your address";
    case "attendeePhone":
      return "Phone call, the host calls you";
    case "attendeeDefined":
      return "A place you name";
    default:
      return location.type;
  }
}

const locationError = (path: string, message: string) => new AppError("BAD_REQUEST", message, [{ path: `body.location${path}`, message }]);

function notOffered(input: TLocationInput, offered: TLocation[]): AppError {
  const kinds = [...new Set(offered.map((location) => (location.type === "integration" ? `integration ${location.integration}` : location.type)))];
  return locationError(
    "",
    kinds.length
      ? `This event type does not offer location ${JSON.stringify(input.type === "integration" ? `integration ${input.integration ?? ""}`.trim() : input.type)}${input.type in ORGANIZER_FIELD && locationString(input) ? " with that value" : ""}; choose one of: ${kinds.join(", ")}`
      : "This event type has no location to choose; leave location out",
  );
}

/** The organizer's place the booker chose: by kind, and by value when the event type has several of that kind. */
function organizerChoice(input: TLocationInput, kind: OrganizerKind, offered: TLocation[]): TLocationInput {
  const field = ORGANIZER_FIELD[kind];
  const wanted = input[field];
  const candidates = offered.filter((location) => location.type === kind);
  const chosen = wanted === undefined ? candidates[0] : candidates.find((location) => (location as Record<string, unknown>)[field] === wanted);
  if (!chosen) throw notOffered(input, offered);
  return withBuiltInRoom({ type: kind, [field]: (chosen as Record<string, string>)[field] });
}

/**
 * The built-in video app's room is made with the booking (a random name, no provider to ask), so its link is in
 * everything the booking's commit sends: the answer, the mails, the calendar events, the webhooks. Other apps' meetings
 * are made after the commit by the conferencing subscriber (server/conferencing/meeting-sync.ts), which also stores
 * this room's booking reference. `cal-video` (the peer's own video app) is stored as the built-in one.
 */
function withBuiltInRoom(location: TLocationInput): TLocationInput {
  if (location.type !== "integration" || appOfIntegration(location.integration) !== BUILT_IN_APP) return location;
  return { type: "integration", integration: BUILT_IN_APP, link: newJitsiRoomUrl() };
}

/** The booker's own place for a kind the event type offers; the value is required and, for a phone, E.164. */
function attendeeChoice(kind: AttendeeKind, value: string | undefined): TLocationInput {
  const field = ATTENDEE_FIELD[kind];
  const given = value?.trim();
  if (!given) throw locationError(`.${field}`, `${ATTENDEE_LOCATION_PROMPTS[kind]}: an answer is required for location ${kind}`);
  if (kind !== "attendeePhone") return { type: kind, [field]: given };
  const phone = ZPhoneNumber.safeParse(given);
  if (!phone.success) throw locationError(`.${field}`, phone.error.issues[0]!.message);
  return { type: kind, phone: phone.data };
}

type LocationRequest = { location?: TLocationInput; meetingUrl?: string; attendee: { phoneNumber?: string } };

/**
 * The location a new booking stores, or null for none:
 * - the booker chose one (`location`): it must be one the event type offers (else a 400 on body.location); an
 *   organizer's kind ({type: "address"}, optionally with the value to pick among several) takes the event type's
 *   value, a kind the booker fills in (attendeeAddress, attendeePhone, attendeeDefined) takes the booker's;
 * - no choice, the peer's deprecated `meetingUrl`: that link, as before;
 * - no choice and the event type has exactly one location: that one (an attendee phone then comes from
 *   attendee.phoneNumber; an attendee address or place must be given);
 * - no choice among several, or an event type without locations: none (the form's location field is optional).
 */
export function resolveBookingLocation(eventTypeLocations: unknown, request: LocationRequest): TLocationInput | null {
  const offered = offeredLocations(eventTypeLocations);
  const { location: input } = request;
  if (input) {
    if (isOrganizerKind(input.type)) return organizerChoice(input, input.type, offered);
    if (!isAttendeeKind(input.type) || !offered.some((location) => location.type === input.type)) throw notOffered(input, offered);
    return attendeeChoice(input.type, input[ATTENDEE_FIELD[input.type]]);
  }
  if (request.meetingUrl) return { type: "link", link: request.meetingUrl };
  if (offered.length !== 1) return null;
  const [only] = offered as [TLocation];
  if (isAttendeeKind(only.type)) return attendeeChoice(only.type, only.type === "attendeePhone" ? request.attendee.phoneNumber : undefined);
  return organizerChoice({ type: only.type }, only.type, offered);
}
