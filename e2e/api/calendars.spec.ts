/**
 * Connected calendars over HTTP against the production build. ICS feeds (served on loopback) and CalDAV
 * (a real Radicale) remove busy slots from GET /v2/slots/available, and bookings appear in the CalDAV
 * calendar, move with reschedules and go with cancellations. Google and Microsoft are exercised against
 * the local stand-ins that global setup starts (E2E_FAKE_GOOGLE_URL, E2E_FAKE_MICROSOFT_URL).
 * The server runs with ALLOW_PRIVATE_NETWORK_URLS=true: these user-supplied URLs are on loopback.
 */
import type { APIRequestContext } from "@playwright/test";
import { makeUser } from "../../prisma/factories";
import { attendee, makeHostWithEventType } from "../../prisma/scheduling-factories";
import { disconnectDb } from "../../server/db/client";
import { expect, test } from "../support/fixtures";
import { at, freeTimes, icsFeed, serveFeeds, stamp, THU, WED, type FeedServer } from "../support/ics-feeds";
import { startRadicale, type Radicale } from "../support/radicale";

const V = { "svc-api-version": "2024-08-13" };
const NEEDS_SERVER_ENV = "the server under test needs ALLOW_PRIVATE_NETWORK_URLS=true and CALENDAR_ENCRYPTION_KEY (e2e/support/global-setup.ts)";
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
/** Calendar writes run in a job after the booking commits (server/events): polled, well within this. */
const CALENDAR_WRITE = { timeout: 10_000 };

// ---------------------------------------------------------------- an ICS feed server on loopback

let feedServer: FeedServer;
let feeds: Map<string, string>;
let feedBase = "";

test.beforeAll(async () => {
  feedServer = await serveFeeds();
  ({ feeds, base: feedBase } = feedServer);
});
test.afterAll(async () => {
  await feedServer.stop();
  await disconnectDb();
});

test.describe("ICS feeds", () => {
  test("save → busy slots disappear; deselect, select and disconnect take effect on the next request", async ({ request }) => {
    const { eventType, apiKey } = await makeHostWithEventType();
    const path = `/${eventType.slug}.ics`;
    feeds.set(path, icsFeed({ uid: "dentist", start: at(WED, "10:00"), end: at(WED, "11:00") }));
    expect(await freeTimes(request, eventType.id, WED)).toEqual(expect.arrayContaining(["10:00", "10:30"]));

    const saved = await request.post("/v2/calendars/ics-feed/save", {
      headers: bearer(apiKey),
      data: { urls: [`${feedBase}${path}?token=private-feed-token`] },
    });
    expect(saved.status(), NEEDS_SERVER_ENV).toBe(201);
    const credential = (await saved.json()).data;
    expect(credential).toMatchObject({ type: "ics-feed_calendar", appId: "ics-feed", teamId: null, invalid: false });

    const listing = await request.get("/v2/calendars", { headers: bearer(apiKey) });
    const listed = await listing.json();
    expect(JSON.stringify(listed)).not.toContain("private-feed-token");
    const calendar = listed.data.connectedCalendars[0].calendars[0];
    expect(calendar).toMatchObject({ integration: "ics-feed_calendar", isSelected: true, readOnly: true, credentialId: credential.id });
    // An ICS feed cannot take bookings: the destination the peer's schema requires is the empty one.
    expect(listed.data.destinationCalendar).toMatchObject({ id: 0, integration: "", externalId: "", credentialId: null });

    const free = await freeTimes(request, eventType.id, WED);
    expect(free).not.toContain("10:00");
    expect(free).not.toContain("10:30");
    expect(free).toEqual(expect.arrayContaining(["09:30", "11:00"]));

    const busy = await request.get(
      `/v2/calendars/busy-times?credentialId=${credential.id}&externalId=${calendar.externalId}&dateFrom=${WED}&dateTo=${WED}&timeZone=UTC`,
      { headers: bearer(apiKey) },
    );
    expect((await busy.json()).data).toEqual([{ start: at(WED, "10:00").toISOString(), end: at(WED, "11:00").toISOString(), source: "ics-feed_calendar" }]);
    expect((await (await request.get("/v2/calendars/ics-feed/check", { headers: bearer(apiKey) })).json()).data.connections).toEqual([
      { credentialId: credential.id, valid: true, calendars: 1 },
    ]);

    const selection = { integration: "ics-feed_calendar", externalId: calendar.externalId, credentialId: String(credential.id) };
    const deselected = await request.delete(`/v2/selected-calendars?${new URLSearchParams(selection)}`, { headers: bearer(apiKey) });
    expect(deselected.status()).toBe(200);
    expect(await freeTimes(request, eventType.id, WED)).toEqual(expect.arrayContaining(["10:00", "10:30"]));

    const selected = await request.post("/v2/selected-calendars", { headers: bearer(apiKey), data: { ...selection, credentialId: credential.id } });
    expect(selected.status()).toBe(201);
    expect((await selected.json()).data).toMatchObject({ integration: "ics-feed_calendar", externalId: calendar.externalId, credentialId: credential.id });
    expect(await freeTimes(request, eventType.id, WED)).not.toContain("10:00");

    const disconnected = await request.post("/v2/calendars/ics-feed/disconnect", { headers: bearer(apiKey), data: { id: credential.id } });
    expect(disconnected.status()).toBe(200);
    expect(await freeTimes(request, eventType.id, WED)).toEqual(expect.arrayContaining(["10:00", "10:30"]));
    expect((await (await request.get("/v2/calendars", { headers: bearer(apiKey) })).json()).data.connectedCalendars).toEqual([]);
  });

  test("unreadable feeds are 400s naming the URL; another user's credential is a 404", async ({ request }) => {
    const { apiKey } = await makeHostWithEventType();
    const missing = await request.post("/v2/calendars/ics-feed/save", { headers: bearer(apiKey), data: { urls: [`${feedBase}/nothing-here.ics`] } });
    expect(missing.status()).toBe(400);
    expect((await missing.json()).error.details).toEqual([{ path: "body.urls.0", message: "The feed answered 404" }]);
    const invalid = await request.post("/v2/calendars/ics-feed/save", { headers: bearer(apiKey), data: { urls: ["ftp://example.com/feed.ics"] } });
    expect((await invalid.json()).error.details[0].message).toContain("Only http, https and webcal");

    feeds.set("/owned.ics", icsFeed());
    const owner = await makeHostWithEventType();
    const saved = (
      await (await request.post("/v2/calendars/ics-feed/save", { headers: bearer(owner.apiKey), data: { urls: [`${feedBase}/owned.ics`] } })).json()
    ).data;
    const externalId = (await (await request.get("/v2/calendars", { headers: bearer(owner.apiKey) })).json()).data.connectedCalendars[0].calendars[0]
      .externalId;
    const attempts = [
      request.post("/v2/selected-calendars", { headers: bearer(apiKey), data: { integration: "ics-feed_calendar", externalId, credentialId: saved.id } }),
      request.post("/v2/calendars/ics-feed/disconnect", { headers: bearer(apiKey), data: { id: saved.id } }),
      request.get(`/v2/calendars/busy-times?credentialId=${saved.id}&externalId=${externalId}`, { headers: bearer(apiKey) }),
    ];
    for (const response of await Promise.all(attempts)) expect(response.status()).toBe(404);
  });
});

// ---------------------------------------------------------------- CalDAV: Radicale on loopback

test.describe("CalDAV (Apple calendar credentials against Radicale)", () => {
  let radicale: Radicale;
  const password = "app-specific-pw";
  test.beforeAll(async () => {
    radicale = await startRadicale({ alice: password, bob: password, carol: password, dave: password });
  });
  test.afterAll(() => radicale.stop());

  test("busy times remove slots; a booking appears in the calendar, moves with a reschedule and goes with a cancellation", async ({ request }) => {
    const work = await radicale.makeCalendar("alice", `work-${Date.now()}`, "Work");
    await radicale.putEvent(work, "alice", { uid: "dentist", start: at(WED, "13:00"), end: at(WED, "14:00") });
    const { eventType, apiKey } = await makeHostWithEventType();

    const wrong = await request.post("/v2/calendars/apple/credentials", {
      headers: bearer(apiKey),
      data: { username: "alice", password: "nope", url: radicale.url },
    });
    expect(wrong.status()).toBe(400);
    expect((await wrong.json()).error.message).toContain("rejected the username or password");

    const saved = await request.post("/v2/calendars/apple/credentials", {
      headers: bearer(apiKey),
      data: { username: "alice", password, url: `${radicale.url}/` },
    });
    expect(saved.status(), NEEDS_SERVER_ENV).toBe(201);
    const credential = (await saved.json()).data;
    expect(credential).toMatchObject({ type: "apple_calendar", appId: "apple-calendar", invalid: false });

    const { data } = await (await request.get("/v2/calendars", { headers: bearer(apiKey) })).json();
    expect(data.connectedCalendars[0].calendars).toEqual([expect.objectContaining({ externalId: work, name: "Work", isSelected: true, readOnly: false })]);
    expect(data.destinationCalendar).toMatchObject({ integration: "apple_calendar", externalId: work, credentialId: credential.id, name: "Work" });
    expect((await (await request.get("/v2/calendars/apple/check", { headers: bearer(apiKey) })).json()).data).toEqual({
      integration: "apple_calendar",
      connections: [{ credentialId: credential.id, valid: true, calendars: 1 }],
    });

    const free = await freeTimes(request, eventType.id, WED);
    expect(free).not.toContain("13:00");
    expect(free).not.toContain("13:30");
    expect(free).toEqual(expect.arrayContaining(["12:30", "14:00"]));

    const created = await request.post("/v2/bookings", {
      headers: V,
      data: { eventTypeId: eventType.id, start: at(WED, "15:00").toISOString(), attendee: attendee("Ada Lovelace") },
    });
    expect(created.status()).toBe(201);
    const booking = (await created.json()).data;
    // Calendar writes follow the booking through its calendar-sync job (server/events), a moment later.
    await expect.poll(async () => (await radicale.events(work, "alice")).map((event) => event.uid), CALENDAR_WRITE).toContain(booking.icsUid);
    const written = (await radicale.events(work, "alice")).find((event) => event.uid !== "dentist");
    expect(written).toMatchObject({ uid: booking.icsUid, start: stamp(at(WED, "15:00")), end: stamp(at(WED, "15:30")) });
    expect(written!.summary).toContain("Ada Lovelace");
    const references = await (await request.get(`/v2/bookings/${booking.uid}/references`, { headers: { ...V, ...bearer(apiKey) } })).json();
    expect(references.data).toEqual([
      expect.objectContaining({ type: "apple_calendar", eventUid: booking.icsUid, destinationCalendarId: String(credential.id) }),
    ]);
    const referencesOfType = async (type: string) =>
      (await (await request.get(`/v2/bookings/${booking.uid}/references?type=${type}`, { headers: { ...V, ...bearer(apiKey) } })).json()).data;
    expect(await referencesOfType("apple_calendar")).toEqual(references.data);
    expect(await referencesOfType("google_calendar")).toEqual([]);

    const moved = await request.post(`/v2/bookings/${booking.uid}/reschedule`, { headers: V, data: { start: at(THU, "10:00").toISOString() } });
    expect(moved.status()).toBe(201);
    const next = (await moved.json()).data;
    await expect.poll(async () => (await radicale.events(work, "alice")).map((event) => event.start), CALENDAR_WRITE).toContain(stamp(at(THU, "10:00")));
    const afterMove = await radicale.events(work, "alice");
    expect(afterMove.filter((event) => event.uid !== "dentist")).toEqual([expect.objectContaining({ uid: booking.icsUid, start: stamp(at(THU, "10:00")) })]);

    const cancelled = await request.post(`/v2/bookings/${next.uid}/cancel`, { headers: V, data: { cancellationReason: "Clash" } });
    expect(cancelled.status()).toBe(200);
    await expect.poll(async () => (await radicale.events(work, "alice")).map((event) => event.uid), CALENDAR_WRITE).toEqual(["dentist"]);
  });

  test("a booking's own copy in the calendar blocks neither a reschedule overlapping it nor, once cancelled, its slot", async ({ request }) => {
    const own = await radicale.makeCalendar("carol", `own-${Date.now()}`, "Own");
    const { eventType, apiKey } = await makeHostWithEventType({ eventType: { lengthInMinutes: 60, slotInterval: 30 } });
    const saved = await request.post("/v2/calendars/apple/credentials", { headers: bearer(apiKey), data: { username: "carol", password, url: radicale.url } });
    expect(saved.status(), NEEDS_SERVER_ENV).toBe(201);

    const created = await request.post("/v2/bookings", {
      headers: V,
      data: { eventTypeId: eventType.id, start: at(WED, "10:00").toISOString(), attendee: attendee() },
    });
    expect(created.status()).toBe(201);
    const booking = (await created.json()).data;
    await expect
      .poll(() => radicale.events(own, "carol"), CALENDAR_WRITE)
      .toEqual([expect.objectContaining({ uid: booking.icsUid, start: stamp(at(WED, "10:00")) })]);
    // Asked once with the copy in place, so a cached answer would still hold it below.
    expect(await freeTimes(request, eventType.id, WED)).not.toContain("10:30");

    const moved = await request.post(`/v2/bookings/${booking.uid}/reschedule`, { headers: V, data: { start: at(WED, "10:30").toISOString() } });
    expect(moved.status()).toBe(201);
    const next = (await moved.json()).data;
    await expect
      .poll(() => radicale.events(own, "carol"), CALENDAR_WRITE)
      .toEqual([expect.objectContaining({ uid: booking.icsUid, start: stamp(at(WED, "10:30")) })]);
    expect(await freeTimes(request, eventType.id, WED)).not.toContain("10:30");

    expect((await request.post(`/v2/bookings/${next.uid}/cancel`, { headers: V, data: {} })).status()).toBe(200);
    // Free once the sync job has deleted the copy (and dropped the cached busy times), without waiting for the cache to expire.
    await expect.poll(() => freeTimes(request, eventType.id, WED), CALENDAR_WRITE).toEqual(expect.arrayContaining(["10:00", "10:30", "11:00"]));
  });

  test("a seated booking's one event lists every seat: seats taken join it, a cancelled seat leaves it, the last takes it away", async ({ request }) => {
    const classes = await radicale.makeCalendar("dave", `classes-${Date.now()}`, "Classes");
    const { eventType, apiKey } = await makeHostWithEventType({ eventType: { seatsPerTimeSlot: 3 } });
    const saved = await request.post("/v2/calendars/apple/credentials", { headers: bearer(apiKey), data: { username: "dave", password, url: radicale.url } });
    expect(saved.status(), NEEDS_SERVER_ENV).toBe(201);
    const seats: { uid: string; seatUid: string }[] = [];
    for (const name of ["Ada Lovelace", "Grace Hopper", "Linus Torvalds"]) {
      const created = await request.post("/v2/bookings", {
        headers: V,
        data: { eventTypeId: eventType.id, start: at(WED, "15:00").toISOString(), attendee: attendee(name) },
      });
      expect(created.status()).toBe(201);
      seats.push((await created.json()).data);
    }
    const [ada, grace, linus] = seats as [(typeof seats)[number], (typeof seats)[number], (typeof seats)[number]];
    /** Who the host's event lists, per event in the calendar. */
    const listed = async () =>
      (await radicale.events(classes, "dave")).map((event) =>
        [...event.description.matchAll(/(Ada Lovelace|Grace Hopper|Linus Torvalds) </g)].map(([, name]) => name),
      );
    await expect.poll(listed, CALENDAR_WRITE).toEqual([["Ada Lovelace", "Grace Hopper", "Linus Torvalds"]]);
    expect((await radicale.events(classes, "dave"))[0]).toMatchObject({ uid: expect.stringContaining(ada.uid), start: stamp(at(WED, "15:00")) });

    expect((await request.post(`/v2/bookings/${grace.uid}/cancel`, { headers: V, data: { seatUid: grace.seatUid } })).status()).toBe(200);
    await expect.poll(listed, CALENDAR_WRITE).toEqual([["Ada Lovelace", "Linus Torvalds"]]);
    for (const seat of [ada, linus])
      expect((await request.post(`/v2/bookings/${seat.uid}/cancel`, { headers: V, data: { seatUid: seat.seatUid } })).status()).toBe(200);
    await expect.poll(listed, CALENDAR_WRITE).toEqual([]);
  });

  test("the same account connected again updates its credential; the destination can be set and checked", async ({ request }) => {
    const home = await radicale.makeCalendar("bob", `home-${Date.now()}`, "Home");
    const { apiKey } = await makeHostWithEventType();
    const connect = () => request.post("/v2/calendars/apple/credentials", { headers: bearer(apiKey), data: { username: "bob", password, url: radicale.url } });
    const first = (await (await connect()).json()).data;
    const second = (await (await connect()).json()).data;
    expect(second.id).toBe(first.id);

    const destination = await request.put("/v2/destination-calendars", { headers: bearer(apiKey), data: { integration: "apple_calendar", externalId: home } });
    expect(destination.status()).toBe(200);
    expect((await destination.json()).data).toEqual({ userId: expect.any(Number), integration: "apple_calendar", externalId: home, credentialId: first.id });
    const unknown = await request.put("/v2/destination-calendars", {
      headers: bearer(apiKey),
      data: { integration: "apple_calendar", externalId: `${radicale.url}/bob/nope/` },
    });
    expect(unknown.status()).toBe(404);
    const icsOnly = await request.put("/v2/destination-calendars", { headers: bearer(apiKey), data: { integration: "ics-feed_calendar", externalId: home } });
    expect(icsOnly.status()).toBe(400);
  });
});

// ---------------------------------------------------------------- Google and Microsoft stand-ins

/** The browser's part of the consent: follow the provider's redirect to Convene's callback, then Convene's redirect. */
async function consent(request: APIRequestContext, apiKey: string, calendar: "google" | "office365") {
  // An API key may only send the browser back to this service.
  const connect = await request.get(`/v2/calendars/${calendar}/connect?isDryRun=false&redir=${encodeURIComponent("/settings/calendars")}`, {
    headers: bearer(apiKey),
  });
  expect(connect.status()).toBe(200);
  const { authUrl } = (await connect.json()).data;
  const atProvider = await fetch(authUrl, { redirect: "manual" });
  const callback = new URL(atProvider.headers.get("location")!);
  expect(callback.pathname).toBe(`/api/calendars/${calendar}/callback`);
  const back = await request.get(`${callback.pathname}${callback.search}`, { maxRedirects: 0 });
  expect(back.status()).toBe(302);
  expect(back.headers().location).toMatch(
    new RegExp(`^${process.env.E2E_BASE_URL}/settings/calendars\\?calendar=${calendar}&status=success&credentialId=\\d+$`),
  );
  // The state was consumed: the same callback replayed is refused.
  expect((await request.get(`${callback.pathname}${callback.search}`, { maxRedirects: 0 })).status()).toBe(400);
  return (await (await request.get("/v2/calendars", { headers: bearer(apiKey) })).json()).data;
}

/** The stand-in's address, from the global setup; missing means the setup is broken, which fails the test. */
function fake(variable: string): string {
  const url = process.env[variable];
  if (!url) throw new Error(`${variable} is not set: run through Playwright's global setup, which starts the stand-in`);
  return url;
}
const control = async (base: string, path: string, body?: unknown) =>
  (await fetch(`${base}/__test${path}`, body ? { method: "POST", body: JSON.stringify(body) } : {})).json();

for (const provider of [
  { calendar: "google", integration: "google_calendar", variable: "E2E_FAKE_GOOGLE_URL" },
  { calendar: "office365", integration: "office365_calendar", variable: "E2E_FAKE_MICROSOFT_URL" },
] as const) {
  test.describe(`${provider.integration} through OAuth`, () => {
    test("consent connects the primary calendar; its busy times remove slots, after a token refresh too; bookings are written there", async ({ request }) => {
      const base = fake(provider.variable);
      const { eventType, apiKey } = await makeHostWithEventType();
      const { connectedCalendars, destinationCalendar } = await consent(request, apiKey, provider.calendar);
      const primary = connectedCalendars[0].primary;
      expect(primary).toMatchObject({ integration: provider.integration, isSelected: true, readOnly: false });
      expect(destinationCalendar).toMatchObject({ integration: provider.integration, externalId: primary.externalId });
      const email = primary.email as string;

      await control(base, `/accounts/${encodeURIComponent(email)}/busy`, { start: at(WED, "11:00").toISOString(), end: at(WED, "12:00").toISOString() });
      await control(base, "/expire-access-tokens", {});
      const selection = { integration: provider.integration, externalId: primary.externalId, credentialId: connectedCalendars[0].credentialId };
      // Re-selecting clears the cached answers, so the next slot request asks the provider (and refreshes).
      await request.delete(`/v2/selected-calendars?${new URLSearchParams({ ...selection, credentialId: String(selection.credentialId) })}`, {
        headers: bearer(apiKey),
      });
      await request.post("/v2/selected-calendars", { headers: bearer(apiKey), data: selection });
      const free = await freeTimes(request, eventType.id, WED);
      expect(free).not.toContain("11:00");
      expect(free).not.toContain("11:30");
      expect(free).toContain("12:00");
      expect((await control(base, `/accounts/${encodeURIComponent(email)}`)).refreshCount).toBe(1);

      const created = await request.post("/v2/bookings", {
        headers: V,
        data: { eventTypeId: eventType.id, start: at(WED, "16:00").toISOString(), attendee: attendee() },
      });
      expect(created.status()).toBe(201);
      const starts = async () =>
        ((await control(base, `/accounts/${encodeURIComponent(email)}`)).events as { start: { dateTime: string } }[]).map((event) =>
          new Date(event.start.dateTime.endsWith("Z") ? event.start.dateTime : `${event.start.dateTime}Z`).toISOString(),
        );
      await expect.poll(starts, CALENDAR_WRITE).toContain(at(WED, "16:00").toISOString());
    });
  });
}

test("OAuth: the connect URL names our callback; a forged state is refused; Apple credentials need a CalDAV server", async ({ request, baseURL }) => {
  const user = await makeUser();
  const { apiKey } = await makeHostWithEventType();
  const connect = await (await request.get("/v2/calendars/google/connect?isDryRun=true", { headers: bearer(apiKey) })).json();
  const authUrl = new URL(connect.data.authUrl);
  expect(authUrl.searchParams.get("redirect_uri")).toBe(`${baseURL}/api/calendars/google/callback`);
  expect(authUrl.searchParams.get("access_type")).toBe("offline");
  const state = authUrl.searchParams.get("state")!;
  const forged = await request.get(`/api/calendars/google/callback?code=x&state=${state.slice(0, -1)}${state.endsWith("A") ? "B" : "A"}`, { maxRedirects: 0 });
  expect(forged.status()).toBe(400);
  expect((await forged.json()).error.code).toBe("BAD_REQUEST");
  const notCalDav = await request.post("/v2/calendars/apple/credentials", {
    headers: bearer(apiKey),
    data: { username: user.email, password: "x", url: `${feedBase}/` },
  });
  expect(notCalDav.status()).toBe(400);
  expect((await request.get("/v2/calendars/unknown/connect", { headers: bearer(apiKey) })).status()).toBe(400);
});

test("OAuth: redir is limited to this service for an API key; anywhere else is a 400 before any state is made", async ({ request, baseURL }) => {
  const { apiKey } = await makeHostWithEventType();
  for (const redir of ["https://evil.example.test/phish", "//evil.example.test/phish", "javascript:alert(1)"]) {
    const refused = await request.get(`/v2/calendars/google/connect?redir=${encodeURIComponent(redir)}`, { headers: bearer(apiKey) });
    expect(refused.status(), redir).toBe(400);
    expect((await refused.json()).error.details).toEqual([expect.objectContaining({ path: "query.redir" })]);
  }
  const own = await request.get(`/v2/calendars/google/connect?redir=${encodeURIComponent(`${baseURL}/settings`)}`, { headers: bearer(apiKey) });
  expect(own.status()).toBe(200);
});
