/** The v2 bookings routes (svc-api-version 2024-08-13). Scopes per the spec's user-level table. */
import { z } from "zod";
import { defineRoute, type ApiRoute } from "../http/api-route";
import { BOOKINGS_VERSIONS } from "../http/versioning";
import { addAttendee, addGuests, getAttendee, listAttendees, markAbsent, reassignBooking, updateLocation } from "./booking-edits";
import { cancelBooking, confirmBooking, declineBooking, rescheduleBooking } from "./booking-lifecycle";
import { ZListBookingsQuery } from "./booking-list-query";
import { ZAttendeeOutput, ZBookingOutput, ZBookingOrSeriesOutput } from "./booking-output.schema";
import { bookingConferencingSessions, bookingRecordings, bookingTranscripts } from "../conferencing/booking-media";
import { calendarLinks, getBookingOrSeries, listBookings, listReferences } from "./booking-reads";
import {
  ZAddAttendeeInput,
  ZAddGuestsInput,
  ZAttendeeParams,
  ZBookingUidParams,
  ZSeatUidParams,
  ZReferencesQuery,
  ZCancelBookingInput,
  ZCreateBookingInput,
  ZDeclineBookingInput,
  ZMarkAbsentInput,
  ZReassignInput,
  ZReassignParams,
  ZRescheduleBookingInput,
  ZUpdateLocationInput,
} from "./booking.schemas";
import { createBooking, idempotencyKeyOf, MAX_IDEMPOTENCY_KEY_LENGTH } from "./create";
import { cancelSeat, getBookingBySeat, newSeatOutput, rescheduleSeat } from "./booking-seats";
import { newSeatSeriesOutput } from "./seated-outputs";
import { clientAddress } from "../http/client-address";
import { RESERVATION_HEADER } from "../slots/slot-reservations";

const common = { tag: "Bookings", versions: BOOKINGS_VERSIONS } as const;
const read = { scope: "BOOKING_READ" } as const;
const write = { scope: "BOOKING_WRITE" } as const;

export const createBookingRoute = defineRoute(
  {
    ...common,
    method: "POST",
    path: "/v2/bookings",
    summary: `Create a booking (Idempotency-Key header supported, at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters; the same key on another request is a 422; ${RESERVATION_HEADER} header: a slot reservation of yours, booked and released)`,
    access: "public",
    body: ZCreateBookingInput,
    response: ZBookingOrSeriesOutput,
    successStatus: 201,
    rateLimits: ["BOOKINGS_PER_CALLER_AND_EVENT_TYPE", "BOOKINGS_PER_CALLER", "BOOKINGS_PER_ATTENDEE_EMAIL"],
  },
  async ({ actor, body, request }) => {
    const result = await createBooking(actor, body, {
      idempotencyKey: idempotencyKeyOf(request),
      clientAddress: clientAddress(request.headers),
      reservationUid: request.headers.get(RESERVATION_HEADER) ?? undefined,
    });
    // A seated series answers each occurrence's seat (CreateRecurringSeatedBookingOutput_2024_08_13[]); a seat the seat's
    // view of its booking; a recurring event type's series its occurrences, as the peer's RecurringBookingOutput_2024_08_13[].
    if (result.seatUids && result.series) return newSeatSeriesOutput(actor, { bookingIds: result.series.map(({ id }) => id), seatUids: result.seatUids });
    if (result.seatUid) return newSeatOutput(actor, { ...result, seatUid: result.seatUid });
    return result.series ?? result.booking;
  },
);

export const listBookingsRoute = defineRoute(
  {
    ...common,
    method: "GET",
    path: "/v2/bookings",
    summary: "Get all bookings",
    access: read,
    query: ZListBookingsQuery,
    response: ZBookingOutput,
    paginated: true,
  },
  ({ actor, query }) => listBookings(actor, query),
);

const uidRoute = (method: "GET" | "POST", suffix: string, summary: string, access: typeof read | typeof write, response: z.ZodType) =>
  ({ ...common, method, path: `/v2/bookings/{bookingUid}${suffix}`, summary, access, params: ZBookingUidParams, response }) as const;

// Not in the spec's BOOKING_READ row ("Get all bookings" is), so closed to OAuth tokens (Scope rules 1).
export const getBookingRoute = defineRoute(
  { ...uidRoute("GET", "", "Get a booking, or a series by its recurringBookingUid", read, ZBookingOrSeriesOutput), access: "api-key-only" },
  // A seated booking (or a seated series' occurrences), to those who manage it: every seat (seated-outputs.ts).
  ({ actor, params }) => getBookingOrSeries(actor, params.bookingUid),
);
export const getBookingBySeatRoute = defineRoute(
  {
    ...common,
    // A tag of its own: the Bookings page is at its size budget (e2e/api/api-reference.spec.ts).
    tag: "Bookings / Seats",
    method: "GET",
    path: "/v2/bookings/by-seat/{seatUid}",
    summary: "Get a booking by seat UID (public: the seat's uid is its holder's; other attendees are shown only when the event type shows attendees)",
    access: "public",
    params: ZSeatUidParams,
    response: ZBookingOutput,
  },
  ({ actor, params }) => getBookingBySeat(actor, params.seatUid),
);
export const cancelBookingRoute = defineRoute(
  {
    ...uidRoute("POST", "/cancel", "Cancel a booking", read, ZBookingOutput),
    access: "public",
    body: ZCancelBookingInput,
  },
  ({ actor, params, body }) =>
    body.seatUid ? cancelSeat(actor, params.bookingUid, { ...body, seatUid: body.seatUid }) : cancelBooking(actor, params.bookingUid, body),
);
export const rescheduleBookingRoute = defineRoute(
  {
    ...uidRoute("POST", "/reschedule", "Reschedule a booking", read, ZBookingOutput),
    access: "public",
    body: ZRescheduleBookingInput,
    successStatus: 201,
  },
  ({ actor, params, body }) =>
    body.seatUid ? rescheduleSeat(actor, params.bookingUid, { ...body, seatUid: body.seatUid }) : rescheduleBooking(actor, params.bookingUid, body),
);
export const confirmBookingRoute = defineRoute(uidRoute("POST", "/confirm", "Confirm a booking", write, ZBookingOutput), ({ actor, params }) =>
  confirmBooking(actor, params.bookingUid),
);
export const declineBookingRoute = defineRoute(
  { ...uidRoute("POST", "/decline", "Decline a booking", write, ZBookingOutput), body: ZDeclineBookingInput },
  ({ actor, params, body }) => declineBooking(actor, params.bookingUid, body),
);
export const addGuestsRoute = defineRoute(
  { ...uidRoute("POST", "/guests", "Add guests to a booking", write, ZBookingOutput), body: ZAddGuestsInput },
  ({ actor, params, body }) => addGuests(actor, params.bookingUid, body),
);
export const updateLocationRoute = defineRoute(
  {
    ...common,
    method: "PATCH",
    path: "/v2/bookings/{bookingUid}/location",
    summary: "Update booking location",
    access: write,
    params: ZBookingUidParams,
    body: ZUpdateLocationInput,
    response: ZBookingOutput,
  },
  ({ actor, params, body }) => updateLocation(actor, params.bookingUid, body),
);
export const markAbsentRoute = defineRoute(
  { ...uidRoute("POST", "/mark-absent", "Mark a booking absence", write, ZBookingOutput), body: ZMarkAbsentInput },
  ({ actor, params, body }) => markAbsent(actor, params.bookingUid, body),
);
export const reassignAutoRoute = defineRoute(
  uidRoute("POST", "/reassign", "Reassign a booking to an auto-selected host", write, ZBookingOutput),
  ({ actor, params }) => reassignBooking(actor, params.bookingUid, null),
);
export const reassignToUserRoute = defineRoute(
  {
    ...common,
    method: "POST",
    path: "/v2/bookings/{bookingUid}/reassign/{userId}",
    summary: "Reassign a booking to a specific host",
    access: write,
    params: ZReassignParams,
    body: ZReassignInput,
    response: ZBookingOutput,
  },
  ({ actor, params }) => reassignBooking(actor, params.bookingUid, params.userId),
);
export const listAttendeesRoute = defineRoute(
  uidRoute("GET", "/attendees", "Get all attendees of a booking", read, z.array(ZAttendeeOutput)),
  ({ actor, params }) => listAttendees(actor, params.bookingUid),
);
export const addAttendeeRoute = defineRoute(
  {
    ...common,
    method: "POST",
    path: "/v2/bookings/{bookingUid}/attendees",
    summary: "Add an attendee to a booking",
    access: write,
    params: ZBookingUidParams,
    body: ZAddAttendeeInput,
    response: ZAttendeeOutput,
    successStatus: 201,
  },
  ({ actor, params, body }) => addAttendee(actor, params.bookingUid, body),
);
export const getAttendeeRoute = defineRoute(
  {
    ...common,
    method: "GET",
    path: "/v2/bookings/{bookingUid}/attendees/{attendeeId}",
    summary: "Get an attendee of a booking",
    access: read,
    params: ZAttendeeParams,
    response: ZAttendeeOutput,
  },
  ({ actor, params }) => getAttendee(actor, params.bookingUid, params.attendeeId),
);
export const calendarLinksRoute = defineRoute(
  uidRoute("GET", "/calendar-links", "Get 'add to calendar' links", read, z.array(z.object({ label: z.string(), link: z.string() }))),
  ({ actor, params }) => calendarLinks(actor, params.bookingUid),
);
export const referencesRoute = defineRoute(
  {
    ...uidRoute(
      "GET",
      "/references",
      "Get booking references",
      read,
      z.array(z.object({ id: z.number(), type: z.string(), eventUid: z.string(), destinationCalendarId: z.string().nullable() })),
    ),
    query: ZReferencesQuery,
  },
  ({ actor, params, query }) => listReferences(actor, params.bookingUid, query.type),
);
// Media is read from the meeting's app (server/conferencing/booking-media.ts): Zoom has it; Jitsi, Google Meet and Teams none.
const NO_MEDIA = "Only Zoom meetings have any; bookings at Jitsi Meet, Google Meet or Teams, or without a meeting, answer []";
export const recordingsRoute = defineRoute(
  uidRoute("GET", "/recordings", `Get booking recordings (Zoom cloud recordings). ${NO_MEDIA}`, read, z.array(z.unknown())),
  ({ actor, params }) => bookingRecordings(actor, params.bookingUid),
);
export const transcriptsRoute = defineRoute(
  uidRoute("GET", "/transcripts", `Get transcript download links (Zoom cloud recording transcripts). ${NO_MEDIA}`, read, z.array(z.string())),
  ({ actor, params }) => bookingTranscripts(actor, params.bookingUid),
);
export const conferencingSessionsRoute = defineRoute(
  uidRoute("GET", "/conferencing-sessions", `Get conferencing sessions (Zoom's past meeting sessions). ${NO_MEDIA}`, read, z.array(z.unknown())),
  ({ actor, params }) => bookingConferencingSessions(actor, params.bookingUid),
);

export const bookingRoutes: ApiRoute[] = [
  createBookingRoute,
  listBookingsRoute,
  getBookingRoute,
  getBookingBySeatRoute,
  cancelBookingRoute,
  rescheduleBookingRoute,
  confirmBookingRoute,
  declineBookingRoute,
  addGuestsRoute,
  updateLocationRoute,
  markAbsentRoute,
  reassignAutoRoute,
  reassignToUserRoute,
  listAttendeesRoute,
  addAttendeeRoute,
  getAttendeeRoute,
  calendarLinksRoute,
  referencesRoute,
  recordingsRoute,
  transcriptsRoute,
  conferencingSessionsRoute,
];
