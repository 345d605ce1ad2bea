/**
 * A calendar write the job queue runs again makes no second event. The crash it recovers from: the provider accepted
 * the event, then the worker died before the BookingReference was stored (here: that insert fails once), so the
 * `calendar-sync` job fails and pg-boss runs it again. Against real PostgreSQL and the stand-ins for Google and Graph,
 * whose documented guards (a client-chosen event id, a transactionId) the adapters rely on and which are tested last.
 */
import { describe, expect, it } from "vitest";
import { calendarFakesForFile } from "../../e2e/support/calendar-fakes-for-file";
import { attendee, makeHostWithEventType, utcAt } from "../../prisma/scheduling-factories";
import { sessionActor } from "../auth/actor";
import { updateLocation } from "../bookings/booking-edits";
import { createBooking } from "../bookings/create";
import { db } from "../db/client";
import { runPendingJobs } from "../jobs/workers";
import { completeOAuthConnection, getConnectUrl } from "./calendar-oauth.service";
import { listConnectedCalendars } from "./calendars.service";

const fakes = calendarFakesForFile();

type Provider = "google" | "office365";

/** Connects the host's account through consent; returns its destination calendar and a reader of the events in it. */
async function connect(userId: number, provider: Provider) {
  const { authUrl } = await getConnectUrl({ userId, via: "api-key", oauthClientId: null }, provider, {});
  const callback = new URL((await fetch(authUrl, { redirect: "manual" })).headers.get("location")!);
  await completeOAuthConnection(provider, Object.fromEntries(callback.searchParams));
  const calendar = (await listConnectedCalendars(sessionActor(userId))).connectedCalendars[0]!.calendars[0]!;
  const fake = provider === "google" ? fakes().google : fakes().microsoft;
  const email = calendar.email ?? calendar.externalId;
  const events = async () =>
    ((await (await fetch(`${fake.url}/__test/accounts/${encodeURIComponent(email)}`)).json()) as { events: Record<string, unknown>[] }).events;
  return { calendarId: calendar.externalId, events };
}

/**
 * Runs the due jobs with the BookingReference insert failing, as if the worker died right before it: once (the queue's
 * retry, immediate in tests, then stores it) or `always` (the job gives up). Returns how many events the provider
 * held at each death, and how many inserts were tried.
 */
async function runDyingBeforeTheReference(events: () => Promise<unknown[]>, { always = false } = {}) {
  const heldAtDeath: number[] = [];
  let inserts = 0;
  // Replaced by hand: vi.spyOn reads Prisma's delegate methods as undefined and would restore them so.
  const references = db.bookingReference;
  const insert = references.create;
  const dying = async (args: Parameters<typeof insert>[0]) => {
    inserts += 1;
    if (!always && inserts > 1) return insert.call(references, args);
    heldAtDeath.push((await events()).length);
    throw new Error("the worker died");
  };
  references.create = dying as unknown as typeof insert;
  try {
    await runPendingJobs();
    return { heldAtDeath, inserts };
  } finally {
    references.create = insert;
  }
}

const referencesOf = (bookingId: number) => db.bookingReference.findMany({ where: { bookingId } });

async function bookWith(provider: Provider, hour: number, location?: { type: "phone"; phone: string }) {
  const { host, eventType } = await makeHostWithEventType({ eventType: { locations: location ? [{ ...location, public: true }] : [] } });
  const calendar = await connect(host.id, provider);
  const input = { eventTypeId: eventType.id, start: utcAt(4, hour), attendee: attendee("Ada Lovelace"), ...(location ? { location } : {}) };
  const { booking } = await createBooking(null, input, { idempotencyKey: null });
  return { host, booking, ...calendar };
}

describe("a calendar-sync job run again after dying between the provider's answer and the reference", () => {
  it("Google: the second run finds the event the first made, and references it", async () => {
    const { booking, calendarId, events } = await bookWith("google", 9);
    expect(await runDyingBeforeTheReference(events)).toEqual({ heldAtDeath: [1], inserts: 2 });

    const written = await events();
    expect(written).toEqual([
      expect.objectContaining({
        summary: booking.title,
        description: expect.stringContaining("Ada Lovelace"),
        start: { dateTime: utcAt(4, 9).toISOString(), timeZone: "UTC" },
      }),
    ]);
    expect(await referencesOf(booking.id)).toEqual([
      expect.objectContaining({ type: "google_calendar", externalId: written[0]!.id, externalCalendarId: calendarId }),
    ]);
  });

  it("Google: when the create's job gives up, the booking's next write adopts that event and gives it the current content", async () => {
    const { host, booking, events } = await bookWith("google", 10, { type: "phone", phone: "+33100000000" });
    const { heldAtDeath } = await runDyingBeforeTheReference(events, { always: true });
    expect(heldAtDeath.length).toBeGreaterThan(1);
    expect(new Set(heldAtDeath)).toEqual(new Set([1]));
    expect(await referencesOf(booking.id)).toEqual([]);

    await updateLocation(sessionActor(host.id), booking.uid, { location: { type: "link", link: "https://meet.example.test/room" } });
    await runPendingJobs();
    const written = await events();
    expect(written.map((event) => event.location)).toEqual(["https://meet.example.test/room"]);
    expect((await referencesOf(booking.id)).map((reference) => reference.externalId)).toEqual([written[0]!.id]);
  });

  it("Microsoft: the second run's POST carries the same transactionId, and Graph hands back the first event", async () => {
    const { booking, calendarId, events } = await bookWith("office365", 11);
    expect(await runDyingBeforeTheReference(events)).toEqual({ heldAtDeath: [1], inserts: 2 });

    const written = await events();
    expect(written).toEqual([
      expect.objectContaining({ subject: booking.title, calendarId, start: { dateTime: utcAt(4, 11).toISOString().replace(/Z$/, "0000"), timeZone: "UTC" } }),
    ]);
    expect(await referencesOf(booking.id)).toEqual([
      expect.objectContaining({ type: "office365_calendar", externalId: written[0]!.id, externalCalendarId: calendarId }),
    ]);
  });
});

type OAuthEndpoints = { authorizeUrl: string; tokenUrl: string; clientId: string; clientSecret: string };

/** Request headers with a bearer token of a fresh account of the stand-in, from its authorization and token endpoints. */
async function bearerHeaders({ authorizeUrl, tokenUrl, clientId, clientSecret }: OAuthEndpoints) {
  const redirectUri = "http://app.example.test/callback";
  const consent = await fetch(`${authorizeUrl}?${new URLSearchParams({ client_id: clientId, redirect_uri: redirectUri })}`, { redirect: "manual" });
  const code = new URL(consent.headers.get("location")!).searchParams.get("code")!;
  const form = { grant_type: "authorization_code", code, redirect_uri: redirectUri, client_id: clientId, client_secret: clientSecret };
  const tokens = (await (await fetch(tokenUrl, { method: "POST", body: new URLSearchParams(form) })).json()) as { access_token: string };
  return { authorization: `Bearer ${tokens.access_token}`, "content-type": "application/json" };
}

describe("the stand-ins' guards against a repeated create", () => {
  const event = { summary: "Call", start: { dateTime: "2030-01-07T09:00:00.000Z" }, end: { dateTime: "2030-01-07T09:30:00.000Z" } };

  it("Google: events.insert takes a base32hex id of 5 to 1024 characters (else 400) once per calendar (then 409 duplicate)", async () => {
    const env = fakes().google.serverEnv;
    const headers = await bearerHeaders({
      authorizeUrl: env.GOOGLE_AUTH_URL!,
      tokenUrl: env.GOOGLE_TOKEN_URL!,
      clientId: env.GOOGLE_CLIENT_ID!,
      clientSecret: env.GOOGLE_CLIENT_SECRET!,
    });
    const calendarId = ((await (await fetch(`${fakes().google.url}/calendar/v3/users/me/calendarList`, { headers })).json()) as { items: { id: string }[] })
      .items[0]!.id;
    const insert = (id?: string) =>
      fetch(`${fakes().google.url}/calendar/v3/calendars/${encodeURIComponent(calendarId)}/events`, {
        method: "POST",
        headers,
        body: JSON.stringify({ ...event, id }),
      });

    for (const invalid of ["abcd", "Abcde", "abcdw", "abc-de", "a".repeat(1025)]) {
      const refused = await insert(invalid);
      expect(refused.status, invalid).toBe(400);
      expect(((await refused.json()) as { error: { errors: { reason: string }[] } }).error.errors[0]!.reason).toBe("invalid");
    }
    const created = await insert("0123456789abcdefghijklmnopqrstuv");
    expect(created.status).toBe(200);
    expect(await created.json()).toMatchObject({ id: "0123456789abcdefghijklmnopqrstuv", summary: "Call" });
    const again = await insert("0123456789abcdefghijklmnopqrstuv");
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: { code: 409, errors: [{ reason: "duplicate" }] } });
    expect((await insert()).status).toBe(200);
    const listed = await fetch(
      `${fakes().google.url}/calendar/v3/calendars/${encodeURIComponent(calendarId)}/events?timeMin=2030-01-07T00:00:00Z&timeMax=2030-01-08T00:00:00Z`,
      {
        headers,
      },
    );
    expect(((await listed.json()) as { items: unknown[] }).items).toHaveLength(2);
  });

  it("Microsoft Graph: a POST with a transactionId seen before answers 201 with the event it made", async () => {
    const env = fakes().microsoft.serverEnv;
    const headers = await bearerHeaders({
      authorizeUrl: `${env.MICROSOFT_LOGIN_URL}/authorize`,
      tokenUrl: `${env.MICROSOFT_LOGIN_URL}/token`,
      clientId: env.MICROSOFT_CLIENT_ID!,
      clientSecret: env.MICROSOFT_CLIENT_SECRET!,
    });
    const calendarId = ((await (await fetch(`${env.MICROSOFT_GRAPH_URL}/me/calendars`, { headers })).json()) as { value: { id: string }[] }).value[0]!.id;
    const post = async (transactionId?: string) => {
      const response = await fetch(`${env.MICROSOFT_GRAPH_URL}/me/calendars/${calendarId}/events`, {
        method: "POST",
        headers,
        body: JSON.stringify({ subject: "Call", start: { ...event.start, timeZone: "UTC" }, end: { ...event.end, timeZone: "UTC" }, transactionId }),
      });
      expect(response.status).toBe(201);
      return (await response.json()) as { id: string; transactionId?: string };
    };

    const first = await post("retry-1");
    expect(first.transactionId).toBe("retry-1");
    expect((await post("retry-1")).id).toBe(first.id);
    expect((await post("retry-2")).id).not.toBe(first.id);
    const [plain, other] = [await post(), await post()];
    expect(plain.id).not.toBe(other.id);
    expect(plain.transactionId).toBeUndefined();
  });
});
