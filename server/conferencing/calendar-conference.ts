/**
 * Google Meet and Teams meetings ride on the organizer's calendar event: the calendar sync writes the event asking the
 * provider for a conference (Google: conferenceData.createRequest; Graph: isOnlineMeeting with onlineMeetingProvider
 * "teamsForBusiness"), and this reads its link back once the event exists. Graph's event flag is used rather than
 * its onlineMeetings API because the event is already written with the user's delegated Calendars.ReadWrite grant:
 * the Teams meeting then lives and dies with the calendar event (moved with it, cancelled with it) and needs no
 * OnlineMeetings.ReadWrite consent of its own.
 */
import { googleMeetLink } from "../calendars/google.adapter";
import { teamsJoinUrl } from "../calendars/microsoft.adapter";
import type { TOAuthSecret } from "../calendars/oauth-tokens";
import { connect, CREDENTIAL_SELECT } from "../calendars/credential-store";
import { db } from "../db/client";
import { CONFERENCING_APPS } from "./conferencing-apps";

export type CalendarConference = { eventId: string; url: string; credentialId: number } | "no-calendar" | "pending";

/** The link of the organizer's calendar event's conference: none without such a calendar, "pending" until there is one. */
export async function calendarConference(app: "google-meet" | "office365-video", bookingId: number, organizerId: number): Promise<CalendarConference> {
  const type = CONFERENCING_APPS[app].calendar;
  const destination = await db.destinationCalendar.findFirst({
    where: { userId: organizerId, credential: { type, invalid: false } },
    select: { credential: { select: CREDENTIAL_SELECT } },
  });
  if (!destination) return "no-calendar";
  const reference = await db.bookingReference.findFirst({ where: { bookingId, type, credentialId: destination.credential.id }, orderBy: { id: "asc" } });
  if (!reference) return "pending";
  const { credential } = connect<TOAuthSecret>(destination.credential);
  const url =
    app === "google-meet"
      ? await googleMeetLink(credential, reference.externalCalendarId ?? "", reference.externalId)
      : await teamsJoinUrl(credential, reference.externalId);
  return url ? { eventId: reference.externalId, url, credentialId: destination.credential.id } : "pending";
}
