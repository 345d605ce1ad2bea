/**
 * Meetings follow bookings: the `conferencing` subscriber of booking events (server/events/domain-events.ts), run by a
 * job after the change committed. It brings the booking's meeting in line with the booking as it now is, so a late
 * or repeated job does no harm:
 * - a live (accepted) booking whose location is a video app gets one meeting of that app, stored as a BookingReference
 *   keyed by (booking, app) and its link written into the booking's location (the booking's `location`/`meetingUrl`);
 * - a rescheduled booking takes over its predecessor's meeting, which moves to the new time (Zoom: PATCH);
 * - a cancelled or declined booking, or one whose location is no longer that app, loses it (Zoom: DELETE).
 * Writing a new link emits BOOKING_LOCATION_UPDATED in the same transaction, so the calendar sync puts the link on
 * the calendar events; when the booking's confirmation mail already went out without it, the link follows in a mail.
 * Google Meet and Teams meetings come with the organizer's calendar event (calendar-conference.ts): the job reads their
 * link once the calendar sync wrote the event. A provider that fails (Zoom unreachable, grant revoked) is retried by
 * the job; a host without a usable Zoom grant, or without the calendar Meet / Teams need, gets the built-in Jitsi room
 * instead, so the booking still has a working link.
 */
import { toBookingOutput, BOOKING_SELECT, type TBookingOutput } from "../bookings/booking.dto";
import { mailMeetingLink } from "../bookings/booking-mail";
import { db } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { emitBookingEvent } from "../events/booking-events";
import type { DomainEvent } from "../events/domain-events";
import { log } from "../log";
import { calendarConference } from "./calendar-conference";
import { BUILT_IN_APP, CONFERENCING_APPS, type ConferencingApp } from "./conferencing-apps";
import { defaultAppOf } from "./conferencing-defaults";
import { meetingChangeOf, type MeetingChange } from "./meeting-change";
import { MEETING_MAIL_WAIT_MS, meetingAppOfLocation, type StoredLocation } from "./meeting-location";
import { newJitsiRoomUrl } from "./jitsi";
import { findZoomGrant, ZoomAuthError } from "./zoom-credentials";
import { createZoomMeeting, deleteZoomMeeting, updateZoomMeeting, type MeetingFacts } from "./zoom-meetings";

type Booking = { row: Awaited<ReturnType<typeof loadBooking>> & object; output: TBookingOutput };
type Made = { externalId: string; meetingUrl: string; app: ConferencingApp; credentialId: number | null };

async function loadBooking(id: number) {
  return db.booking.findUnique({ where: { id }, select: BOOKING_SELECT });
}

const factsOf = (output: TBookingOutput): MeetingFacts => ({
  uid: output.uid,
  title: output.title,
  description: output.description,
  start: new Date(output.start),
  end: new Date(output.end),
});

const meetingReferences = (bookingId: number) => db.bookingReference.findMany({ where: { bookingId, meetingApp: { not: null } }, orderBy: { id: "asc" } });
type MeetingReference = Awaited<ReturnType<typeof meetingReferences>>[number];

/** Makes the meeting at the app; Zoom without a usable grant falls back to the built-in room. */
async function makeMeeting(app: ConferencingApp, booking: Booking, organizerId: number | undefined): Promise<Made | null> {
  const location = booking.row.location as StoredLocation | null;
  if (app === "zoom" && organizerId !== undefined) {
    const grant = await findZoomGrant(organizerId);
    if (grant) {
      try {
        const meeting = await createZoomMeeting(grant, factsOf(booking.output));
        return { externalId: meeting.id, meetingUrl: meeting.joinUrl, app, credentialId: grant.credentialId };
      } catch (error) {
        if (!(error instanceof ZoomAuthError)) throw error;
      }
    }
    log.warn("conferencing: the organizer has no usable Zoom connection; the booking gets a Jitsi room", { bookingId: booking.output.id });
    app = BUILT_IN_APP;
  }
  if ((app === "google-meet" || app === "office365-video") && organizerId !== undefined) {
    const conference = await calendarConference(app, booking.output.id, organizerId);
    // The calendar sync runs beside this job: until its event (and the provider's conference) exists, try again later.
    if (conference === "pending") throw new Error(`${CONFERENCING_APPS[app].title}: the calendar event's conference is not there yet; the job runs again`);
    if (conference !== "no-calendar") return { externalId: conference.eventId, meetingUrl: conference.url, app, credentialId: conference.credentialId };
    log.warn("conferencing: the organizer has no calendar of the app's provider; the booking gets a Jitsi room", { bookingId: booking.output.id, app });
    app = BUILT_IN_APP;
  }
  if (app === BUILT_IN_APP) {
    const link = location?.integration === BUILT_IN_APP && location.link ? location.link : newJitsiRoomUrl();
    return { externalId: new URL(link).pathname.slice(1), meetingUrl: link, app, credentialId: null };
  }
  return null;
}

async function removeMeeting(reference: MeetingReference): Promise<void> {
  if (reference.meetingApp === "zoom" && reference.credentialId !== null) {
    const row = await db.credential.findUnique({ where: { id: reference.credentialId }, select: { userId: true } });
    const grant = row ? await findZoomGrant(row.userId) : null;
    if (grant) await deleteZoomMeeting(grant, reference.externalId);
  }
  await db.bookingReference.deleteMany({ where: { id: reference.id } });
}

async function moveMeeting(reference: MeetingReference, booking: Booking): Promise<void> {
  if (reference.meetingApp !== "zoom" || reference.credentialId === null) return;
  const row = await db.credential.findUnique({ where: { id: reference.credentialId }, select: { userId: true } });
  const grant = row ? await findZoomGrant(row.userId) : null;
  if (grant) await updateZoomMeeting(grant, reference.externalId, factsOf(booking.output));
}

/**
 * Stores the reference and the link in one transaction: the reference insert is conditional on (booking, app), and the
 * location is only rewritten if no one changed it meanwhile (a host's edit wins; its own event makes its own meeting).
 */
async function recordMeeting(booking: Booking, made: Made, change: MeetingChange): Promise<void> {
  const before = booking.row.location as Prisma.InputJsonValue;
  const location = { type: "integration", integration: made.app, link: made.meetingUrl };
  const linkChanged = (booking.row.location as StoredLocation | null)?.link !== made.meetingUrl;
  const updated = await db.$transaction(async (tx) => {
    await tx.bookingReference.createMany({
      data: [
        {
          bookingId: booking.output.id,
          type: CONFERENCING_APPS[made.app].type,
          meetingApp: made.app,
          externalId: made.externalId,
          meetingUrl: made.meetingUrl,
          credentialId: made.credentialId,
        },
      ],
      skipDuplicates: true,
    });
    if (!linkChanged) return null;
    const { count } = await tx.booking.updateMany({ where: { id: booking.output.id, location: { equals: before } }, data: { location } });
    if (count !== 1) return null;
    const row = await tx.booking.findUniqueOrThrow({ where: { id: booking.output.id }, select: BOOKING_SELECT });
    const output = toBookingOutput(row);
    await emitBookingEvent(tx, "BOOKING_LOCATION_UPDATED", output, { skip: ["conferencing"] });
    return output;
  });
  // The confirmation mail waited MEETING_MAIL_WAIT_MS for the link; past that it went without, so the link follows.
  if (updated && change.mailsLink && Date.now() - change.occurredAt.getTime() > MEETING_MAIL_WAIT_MS - 2_000) await mailMeetingLink(change.eventId, updated);
}

/** The app the booking's meeting should be at now: none unless the booking is accepted and located at a video app. */
async function wantedApp(booking: Booking): Promise<ConferencingApp | null> {
  if (booking.row.status !== "ACCEPTED") return null;
  const wanted = meetingAppOfLocation(booking.row.location);
  if (wanted !== "default") return wanted;
  const organizer = booking.output.hosts[0];
  return organizer ? defaultAppOf(organizer.id) : BUILT_IN_APP;
}

export async function syncMeeting(change: MeetingChange): Promise<void> {
  if (change.previousBookingId !== undefined) {
    // The new booking takes over the old one's meeting (a repeat finds nothing left to move).
    const taken = await meetingReferences(change.bookingId);
    await db.bookingReference.updateMany({
      where: { bookingId: change.previousBookingId, meetingApp: { not: null, notIn: taken.map((reference) => reference.meetingApp!) } },
      data: { bookingId: change.bookingId },
    });
  }
  const row = await loadBooking(change.bookingId);
  if (!row) return;
  const booking: Booking = { row, output: toBookingOutput(row) };
  const app = await wantedApp(booking);
  let kept: MeetingReference | null = null;
  for (const reference of await meetingReferences(change.bookingId)) {
    if (reference.meetingApp === app && !kept) kept = reference;
    else await removeMeeting(reference);
  }
  if (!app) return;
  if (kept) {
    if (change.movesMeeting) await moveMeeting(kept, booking);
    const stored = booking.row.location as StoredLocation | null;
    if (stored?.link !== kept.meetingUrl && kept.meetingUrl)
      await recordMeeting(booking, { externalId: kept.externalId, meetingUrl: kept.meetingUrl, app, credentialId: kept.credentialId }, change);
    return;
  }
  const made = await makeMeeting(app, booking, booking.output.hosts[0]?.id);
  if (made) await recordMeeting(booking, made, change);
}

/** The `conferencing` subscriber. */
export async function syncMeetingEvent(event: DomainEvent): Promise<void> {
  const change = meetingChangeOf(event);
  if (change) await syncMeeting(change);
}
