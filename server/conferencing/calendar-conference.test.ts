/**
 * Google Meet and Teams through the connected calendars, against real PostgreSQL and the Google and Graph stand-ins
 * (which make a conference only for the documented request: conferenceData.createRequest with hangoutsMeet and
 * conferenceDataVersion=1; isOnlineMeeting with onlineMeetingProvider teamsForBusiness): the booking's calendar event
 * carries the conference and the booking gets its link. Connecting either without its calendar says so.
 */
import { describe, expect, it } from "vitest";
import { calendarFakesForFile } from "@/e2e/support/calendar-fakes-for-file";
import { attendee, makeHostWithEventType, utcAt } from "@/prisma/scheduling-factories";
import { sessionActor } from "../auth/actor";
import { completeOAuthConnection, getConnectUrl } from "../calendars/calendar-oauth.service";
import { listConnectedCalendars } from "../calendars/calendars.service";
import { createBooking } from "../bookings/create";
import { db } from "../db/client";
import { runPendingJobs } from "../jobs/workers";
import { connectConferencingApp } from "./conferencing.service";
import { syncMeeting } from "./meeting-sync";

const fakes = calendarFakesForFile();

type Provider = "google" | "office365";

async function connectCalendar(userId: number, provider: Provider) {
  const { authUrl } = await getConnectUrl({ userId, via: "api-key", oauthClientId: null }, provider, {});
  const callback = new URL((await fetch(authUrl, { redirect: "manual" })).headers.get("location")!);
  await completeOAuthConnection(provider, Object.fromEntries(callback.searchParams));
  const calendar = (await listConnectedCalendars(sessionActor(userId))).connectedCalendars[0]!.calendars[0]!;
  const fake = provider === "google" ? fakes().google : fakes().microsoft;
  const email = calendar.email ?? calendar.externalId;
  return async () => ((await (await fetch(`${fake.url}/__test/accounts/${encodeURIComponent(email)}`)).json()) as { events: Record<string, unknown>[] }).events;
}

/**
 * The jobs, then the conferencing step once more: in-process draining runs it before the calendar sync made the event
 * (and the booking mail waits its 10 s for the link first: hence the longer timeouts).
 */
async function settle(bookingId: number) {
  await runPendingJobs();
  await syncMeeting({ eventId: "00000000-0000-0000-0000-000000000000", occurredAt: new Date(), bookingId, movesMeeting: false, mailsLink: false });
  await runPendingJobs();
}

describe("Google Meet", { timeout: 60_000 }, () => {
  it("cannot be connected without a Google Calendar, and says so", async () => {
    const { host } = await makeHostWithEventType();
    await expect(connectConferencingApp(sessionActor(host.id), "google-meet")).rejects.toThrow(/needs a connected Google Calendar/);
  });

  it("a booking's Google event is written with a Meet conference request, and the booking gets its link", async () => {
    const { host, eventType } = await makeHostWithEventType({ eventType: { locations: [{ type: "integration", integration: "google-meet" }] } });
    const events = await connectCalendar(host.id, "google");
    await connectConferencingApp(sessionActor(host.id), "google-meet");
    const { booking } = await createBooking(null, { eventTypeId: eventType.id, start: utcAt(6, 10), attendee: attendee() }, { idempotencyKey: null });
    await settle(booking.id);

    const [event] = await events();
    expect(event).toMatchObject({ conferenceData: { createRequest: { conferenceSolutionKey: { type: "hangoutsMeet" } } } });
    const link = event!.hangoutLink as string;
    expect(link).toMatch(/^https:\/\/meet\.google\.com\//);
    const row = await db.booking.findUniqueOrThrow({ where: { id: booking.id }, select: { location: true } });
    expect(row.location).toEqual({ type: "integration", integration: "google-meet", link });
    expect(
      await db.bookingReference.findMany({ where: { bookingId: booking.id, meetingApp: "google-meet" }, select: { type: true, meetingUrl: true } }),
    ).toEqual([{ type: "google_video", meetingUrl: link }]);
    // The calendar event now shows the link as its location, and keeps its one conference.
    expect((await events())[0]).toMatchObject({ location: link, hangoutLink: link });
  });
});

describe("Microsoft Teams", { timeout: 60_000 }, () => {
  it("a booking's Outlook event is written as a Teams online meeting, and the booking gets its join URL", async () => {
    const { host, eventType } = await makeHostWithEventType({ eventType: { locations: [{ type: "integration", integration: "office365-video" }] } });
    await expect(connectConferencingApp(sessionActor(host.id), "office365-video")).rejects.toThrow(/needs a connected Outlook Calendar/);
    const events = await connectCalendar(host.id, "office365");
    await connectConferencingApp(sessionActor(host.id), "office365-video");
    const { booking } = await createBooking(null, { eventTypeId: eventType.id, start: utcAt(6, 12), attendee: attendee() }, { idempotencyKey: null });
    await settle(booking.id);

    const [event] = await events();
    expect(event).toMatchObject({ isOnlineMeeting: true, onlineMeetingProvider: "teamsForBusiness" });
    const joinUrl = (event!.onlineMeeting as { joinUrl: string }).joinUrl;
    const row = await db.booking.findUniqueOrThrow({ where: { id: booking.id }, select: { location: true } });
    expect(row.location).toEqual({ type: "integration", integration: "office365-video", link: joinUrl });
  });
});
