/**
 * Google and Microsoft connections against local servers speaking their documented shapes: consent,
 * code exchange, busy times, token refresh, and bookings mirrored into the destination calendar.
 */
import { sessionActor } from "../auth/actor";
import { describe, expect, it } from "vitest";
import { calendarFakesForFile } from "../../e2e/support/calendar-fakes-for-file";
import { makeOAuthClient } from "../../prisma/oauth-factories";
import { attendee, makeHostWithEventType, utcAt } from "../../prisma/scheduling-factories";
import { cancelBooking, rescheduleBooking } from "../bookings/booking-lifecycle";
import { createBooking } from "../bookings/create";
import { db } from "../db/client";
import type { DomainEvent } from "../events/domain-events";
import { syncBookingEvent } from "./booking-sync";
import { runPendingJobs } from "../jobs/workers";
import { externalBusyTimes } from "./busy-times";
import { readUserCalendars } from "./calendar-cache";
import { completeOAuthConnection, getConnectUrl } from "./calendar-oauth.service";
import { listConnectedCalendars } from "./calendars.service";
import { decryptSecret } from "./credential-crypto";

const fakes = calendarFakesForFile();

type Caller = Parameters<typeof getConnectUrl>[0];
const apiKeyCaller = (userId: number): Caller => ({ userId, via: "api-key", oauthClientId: null });
/** A caller through an OAuth token of a client whose redirect URI is https://app.example.test/callback. */
async function oauthCaller(userId: number): Promise<Caller> {
  const { client } = await makeOAuthClient();
  return { userId, via: "oauth", oauthClientId: client.id };
}

/** The provider's redirect back to Convene's callback, as the browser would follow it. */
async function callbackQuery(authUrl: string, calendar: "google" | "office365") {
  const answer = await fetch(authUrl, { redirect: "manual" });
  const callback = new URL(answer.headers.get("location")!);
  expect(callback.pathname).toBe(`/api/calendars/${calendar}/callback`);
  return Object.fromEntries(callback.searchParams);
}

/** What a browser does: open the consent URL, follow the provider's redirect back to Convene's callback. */
async function consent(userId: number, calendar: "google" | "office365", redir?: string, caller: Caller = apiKeyCaller(userId)) {
  const { authUrl } = await getConnectUrl(caller, calendar, { redir });
  return completeOAuthConnection(calendar, await callbackQuery(authUrl, calendar));
}

const stateOf = async (caller: Caller, calendar: "google" | "office365", redir?: string) =>
  new URL((await getConnectUrl(caller, calendar, { redir })).authUrl).searchParams.get("state")!;

const control = async (fake: { url: string }, path: string, body?: unknown) =>
  (await fetch(`${fake.url}/__test${path}`, body ? { method: "POST", body: JSON.stringify(body) } : {})).json();

const busyOf = async (userId: number, day: number) =>
  (await externalBusyTimes([userId], { start: utcAt(day, 0), end: utcAt(day + 1, 0) }, { timeoutMs: 5_000 })).map(({ start, end }) => [
    start.toISOString(),
    end.toISOString(),
  ]);

describe("Google Calendar", () => {
  it("connects through consent, selects the primary calendar, makes it the destination; tokens are encrypted", async () => {
    const { host } = await makeHostWithEventType();
    const result = await consent(host.id, "google", "https://app.example.test/done?x=1", await oauthCaller(host.id));
    expect(result.redirectTo).toMatch(/^https:\/\/app\.example\.test\/done\?x=1&calendar=google&status=success&credentialId=\d+$/);
    const { connectedCalendars, destinationCalendar } = await listConnectedCalendars(sessionActor(host.id));
    const [primary, holidays] = connectedCalendars[0]!.calendars;
    expect(primary).toMatchObject({ primary: true, isSelected: true, readOnly: false, email: primary!.externalId });
    expect(holidays).toMatchObject({ primary: false, isSelected: false, readOnly: true });
    expect(destinationCalendar).toMatchObject({ integration: "google_calendar", externalId: primary!.externalId, integrationTitle: "Google Calendar" });
    const row = await db.credential.findFirstOrThrow({ where: { userId: host.id } });
    expect(row.secret).not.toContain("ya29");
    expect(JSON.parse(decryptSecret(row.secret, { userId: host.id, type: "google_calendar" })).accessToken).toMatch(/^ya29\./);
  });

  it("feeds busy times and refreshes an access token the API no longer accepts", async () => {
    const { host } = await makeHostWithEventType();
    await consent(host.id, "google");
    const { connectedCalendars } = await listConnectedCalendars(sessionActor(host.id));
    const email = connectedCalendars[0]!.calendars[0]!.externalId;
    await control(fakes().google, `/accounts/${encodeURIComponent(email)}/busy`, { start: utcAt(3, 10).toISOString(), end: utcAt(3, 11).toISOString() });
    await control(fakes().google, "/expire-access-tokens", {});
    expect(await busyOf(host.id, 3)).toEqual([[utcAt(3, 10).toISOString(), utcAt(3, 11).toISOString()]]);
    expect((await control(fakes().google, `/accounts/${encodeURIComponent(email)}`)).refreshCount).toBe(1);
  });

  it("writes bookings to the destination calendar, moves them on reschedule and deletes them on cancel", async () => {
    const { host, eventType } = await makeHostWithEventType();
    await consent(host.id, "google");
    const email = (await listConnectedCalendars(sessionActor(host.id))).connectedCalendars[0]!.calendars[0]!.externalId;
    const account = () => control(fakes().google, `/accounts/${encodeURIComponent(email)}`);

    const { booking } = await createBooking(
      null,
      { eventTypeId: eventType.id, start: utcAt(4, 9), attendee: attendee("Ada Lovelace") },
      { idempotencyKey: null },
    );
    await runPendingJobs();
    const [event] = (await account()).events;
    expect(event).toMatchObject({ summary: booking.title, start: { dateTime: utcAt(4, 9).toISOString() } });
    expect(event.description).toContain("Ada Lovelace");
    expect(await db.bookingReference.findMany({ where: { bookingId: booking.id } })).toEqual([
      expect.objectContaining({ type: "google_calendar", externalId: event.id, externalCalendarId: email }),
    ]);
    // The same event synced again (a retried job) updates the event it wrote instead of writing a second one.
    await syncBookingEvent((await db.domainEvent.findFirstOrThrow({ where: { bookingId: booking.id } })) as DomainEvent);
    expect((await account()).events.map(({ id }: { id: string }) => id)).toEqual([event.id]);
    expect(await db.bookingReference.count({ where: { bookingId: booking.id } })).toBe(1);

    const moved = await rescheduleBooking(null, booking.uid, { start: utcAt(5, 14) });
    await runPendingJobs();
    expect((await account()).events).toEqual([expect.objectContaining({ id: event.id, start: { dateTime: utcAt(5, 14).toISOString(), timeZone: "UTC" } })]);
    // A retried reschedule job finds the event already moved to the new booking.
    await syncBookingEvent((await db.domainEvent.findFirstOrThrow({ where: { bookingId: moved.id, type: "BOOKING_RESCHEDULED" } })) as DomainEvent);
    expect((await account()).events.map(({ id }: { id: string }) => id)).toEqual([event.id]);
    expect(await db.bookingReference.count({ where: { bookingId: booking.id } })).toBe(0);
    expect(await db.bookingReference.count({ where: { bookingId: moved.id, externalId: event.id } })).toBe(1);

    await cancelBooking(null, moved.uid, { cancellationReason: "No longer needed" });
    await runPendingJobs();
    expect((await account()).events).toEqual([]);
  });

  it("leaves the bookings' own copies out of busy times: a reschedule may overlap the old slot, a cancelled slot is free at once", async () => {
    const { host, eventType } = await makeHostWithEventType({ eventType: { lengthInMinutes: 60, slotInterval: 30 } });
    await consent(host.id, "google");
    const email = (await listConnectedCalendars(sessionActor(host.id))).connectedCalendars[0]!.calendars[0]!.externalId;
    await control(fakes().google, `/accounts/${encodeURIComponent(email)}/busy`, { start: utcAt(7, 14).toISOString(), end: utcAt(7, 15).toISOString() });
    expect(await busyOf(host.id, 7)).toEqual([[utcAt(7, 14).toISOString(), utcAt(7, 15).toISOString()]]);
    expect(readUserCalendars(host.id).busy.size).toBe(1);

    const { booking } = await createBooking(null, { eventTypeId: eventType.id, start: utcAt(7, 9), attendee: attendee() }, { idempotencyKey: null });
    await runPendingJobs();
    expect((await control(fakes().google, `/accounts/${encodeURIComponent(email)}`)).events).toHaveLength(2);
    // Writing the copy dropped the host's cached busy times: the next request reads the calendar again.
    expect(readUserCalendars(host.id).busy.size).toBe(0);
    expect(await busyOf(host.id, 7)).toEqual([[utcAt(7, 14).toISOString(), utcAt(7, 15).toISOString()]]);

    const moved = await rescheduleBooking(null, booking.uid, { start: utcAt(7, 9, 30) });
    await runPendingJobs();
    expect(moved.start).toBe(utcAt(7, 9, 30).toISOString());
    await cancelBooking(null, moved.uid, {});
    await runPendingJobs();
    expect(await busyOf(host.id, 7)).toEqual([[utcAt(7, 14).toISOString(), utcAt(7, 15).toISOString()]]);
  });

  it("refuses a forged state or one for another provider, and sends a refusal back to redir", async () => {
    const { host } = await makeHostWithEventType();
    const caller = await oauthCaller(host.id);
    await expect(completeOAuthConnection("google", { state: "forged-state", code: "x" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(completeOAuthConnection("office365", { state: await stateOf(caller, "google"), code: "x" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect(
      await completeOAuthConnection("google", { state: await stateOf(caller, "google", "https://app.example.test/done"), error: "access_denied" }),
    ).toMatchObject({
      redirectTo: "https://app.example.test/done?calendar=google&error=access_denied",
      credential: null,
    });
    expect(
      (await completeOAuthConnection("google", { state: await stateOf(caller, "google", "https://app.example.test/done"), code: "not-a-code" })).redirectTo,
    ).toContain("error=connection_failed");
    expect(await db.credential.count({ where: { userId: host.id } })).toBe(0);
  });

  it("a state works once: the same callback replayed is refused", async () => {
    const { host } = await makeHostWithEventType();
    const { authUrl } = await getConnectUrl(apiKeyCaller(host.id), "google", { redir: "/settings/calendars" });
    const query = await callbackQuery(authUrl, "google");
    expect((await completeOAuthConnection("google", query)).redirectTo).toMatch(
      /^http:\/\/localhost:3000\/settings\/calendars\?calendar=google&status=success/,
    );
    await expect(completeOAuthConnection("google", query)).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect(await db.credential.count({ where: { userId: host.id } })).toBe(1);
    expect(await db.calendarOAuthState.count({ where: { userId: host.id } })).toBe(0);
  });

  it("an expired state is refused (and consumed)", async () => {
    const { host } = await makeHostWithEventType();
    const { authUrl } = await getConnectUrl(apiKeyCaller(host.id), "google", {});
    const query = await callbackQuery(authUrl, "google");
    await db.calendarOAuthState.updateMany({ where: { userId: host.id }, data: { expiresAt: new Date(Date.now() - 1_000) } });
    await expect(completeOAuthConnection("google", query)).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect(await db.calendarOAuthState.count({ where: { userId: host.id } })).toBe(0);
    expect(await db.credential.count({ where: { userId: host.id } })).toBe(0);
  });

  it("limits redir to this service, or to the calling OAuth client's redirect URI origins", async () => {
    const { host } = await makeHostWithEventType();
    const apiKey = apiKeyCaller(host.id);
    const oauth = await oauthCaller(host.id);
    const refused = [
      [apiKey, "https://app.example.test/done"],
      [apiKey, "https://evil.example.test/"],
      [apiKey, "//evil.example.test/path"],
      [apiKey, "javascript:alert(1)"],
      [oauth, "https://evil.example.test/done"],
      [oauth, "http://app.example.test/done"],
    ] as const;
    for (const [caller, redir] of refused) {
      await expect(getConnectUrl(caller, "google", { redir }), redir).rejects.toMatchObject({
        code: "BAD_REQUEST",
        details: [expect.objectContaining({ path: "query.redir" })],
      });
    }
    expect(await db.calendarOAuthState.count({ where: { userId: host.id } })).toBe(0);

    const allowed = [
      [apiKey, "/settings/calendars?tab=1", "http://localhost:3000/settings/calendars?tab=1"],
      [apiKey, "http://localhost:3000/onboarding", "http://localhost:3000/onboarding"],
      [oauth, "https://app.example.test/done", "https://app.example.test/done"],
      [oauth, "/settings", "http://localhost:3000/settings"],
    ] as const;
    for (const [caller, redir, stored] of allowed) {
      await getConnectUrl(caller, "google", { redir });
      expect((await db.calendarOAuthState.findFirstOrThrow({ where: { userId: host.id }, orderBy: { id: "desc" } })).redir).toBe(stored);
    }
  });
});

describe("Outlook Calendar", () => {
  it("connects, pages through calendarView, skips free time, and rotates refresh tokens", async () => {
    const { host } = await makeHostWithEventType();
    const result = await consent(host.id, "office365");
    expect(result.credential).toMatchObject({ type: "office365_calendar", appId: "office365-calendar", invalid: false });
    const { connectedCalendars, destinationCalendar } = await listConnectedCalendars(sessionActor(host.id));
    const email = connectedCalendars[0]!.calendars[0]!.email!;
    expect(destinationCalendar).toMatchObject({ integration: "office365_calendar", primaryEmail: email });
    for (const [hour, showAs] of [
      [9, "busy"],
      [11, "tentative"],
      [13, "free"],
      [15, "oof"],
    ] as const) {
      await control(fakes().microsoft, `/accounts/${encodeURIComponent(email)}/busy`, {
        start: utcAt(6, hour).toISOString(),
        end: utcAt(6, hour, 30).toISOString(),
        showAs,
      });
    }
    await control(fakes().microsoft, "/expire-access-tokens", {});
    expect((await busyOf(host.id, 6)).map(([start]) => start)).toEqual([9, 11, 15].map((hour) => utcAt(6, hour).toISOString()));
    expect((await control(fakes().microsoft, `/accounts/${encodeURIComponent(email)}`)).refreshCount).toBe(1);

    // The rotated refresh token was stored: expiring again refreshes again.
    await control(fakes().microsoft, "/expire-access-tokens", {});
    expect((await listConnectedCalendars(sessionActor(host.id))).connectedCalendars[0]!.error).toBeUndefined();
    expect((await control(fakes().microsoft, `/accounts/${encodeURIComponent(email)}`)).refreshCount).toBe(2);
  });

  it("writes bookings to the destination calendar, moves them on reschedule and deletes them on cancel", async () => {
    const { host, eventType } = await makeHostWithEventType();
    await consent(host.id, "office365");
    const { connectedCalendars } = await listConnectedCalendars(sessionActor(host.id));
    const { externalId: calendarId, email } = connectedCalendars[0]!.calendars[0]!;
    const account = () => control(fakes().microsoft, `/accounts/${encodeURIComponent(email!)}`);
    const graphTime = (date: Date) => ({ dateTime: date.toISOString().replace(/Z$/, "0000"), timeZone: "UTC" });

    const { booking } = await createBooking(
      null,
      { eventTypeId: eventType.id, start: utcAt(8, 9), attendee: attendee("Ada Lovelace") },
      { idempotencyKey: null },
    );
    await runPendingJobs();
    const [event] = (await account()).events;
    expect(event).toMatchObject({ subject: booking.title, calendarId, start: graphTime(utcAt(8, 9)), end: graphTime(utcAt(8, 9, 30)) });
    expect(await db.bookingReference.findMany({ where: { bookingId: booking.id } })).toEqual([
      expect.objectContaining({ type: "office365_calendar", externalId: event.id, externalCalendarId: calendarId }),
    ]);

    const moved = await rescheduleBooking(null, booking.uid, { start: utcAt(9, 14) });
    await runPendingJobs();
    expect((await account()).events).toEqual([expect.objectContaining({ id: event.id, start: graphTime(utcAt(9, 14)), end: graphTime(utcAt(9, 14, 30)) })]);
    expect(await db.bookingReference.count({ where: { bookingId: booking.id } })).toBe(0);
    expect(await db.bookingReference.count({ where: { bookingId: moved.id, externalId: event.id } })).toBe(1);

    await cancelBooking(null, moved.uid, { cancellationReason: "No longer needed" });
    await runPendingJobs();
    expect((await account()).events).toEqual([]);
    expect(await db.bookingReference.count({ where: { bookingId: moved.id } })).toBe(0);
  });
});
