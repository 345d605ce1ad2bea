/**
 * A connected ICS feed blocks its busy times on every path: GET /v2/slots/available does not offer them
 * and POST /v2/bookings over one is a 409. The calendar is named after the feed's X-WR-CALNAME, or its
 * host when it has none. Runs on PostgreSQL and, through `npm start`, on the embedded database.
 */
import { attendee, makeHostWithEventType } from "../../prisma/scheduling-factories";
import { disconnectDb } from "../../server/db/client";
import { bearer, V } from "../support/bookings-http";
import { expect, test } from "../support/fixtures";
import { at, freeTimes, namedIcsFeed, serveFeeds, WED, type FeedServer } from "../support/ics-feeds";

let server: FeedServer;

test.beforeAll(async () => {
  server = await serveFeeds();
});
test.afterAll(async () => {
  await server.stop();
  await disconnectDb();
});

test("an ICS event's time is neither offered nor bookable; the calendar carries the feed's name", { tag: "@embedded" }, async ({ request }) => {
  const { eventType, apiKey } = await makeHostWithEventType();
  const named = `/${eventType.slug}-named.ics`;
  const unnamed = `/${eventType.slug}-unnamed.ics`;
  server.feeds.set(named, namedIcsFeed("Dentist & family", { uid: "dentist", start: at(WED, "10:00"), end: at(WED, "11:00") }));
  server.feeds.set(unnamed, namedIcsFeed(null));

  const saved = await request.post("/v2/calendars/ics-feed/save", {
    headers: bearer(apiKey),
    data: { urls: [`${server.base}${named}`, `${server.base}${unnamed}`] },
  });
  expect(saved.status(), "the server needs ALLOW_PRIVATE_NETWORK_URLS=true").toBe(201);
  const calendars = (await (await request.get("/v2/calendars", { headers: bearer(apiKey) })).json()).data.connectedCalendars[0].calendars;
  expect(calendars.map((calendar: { name: string }) => calendar.name)).toEqual(["Dentist & family", "127.0.0.1"]);

  const free = await freeTimes(request, eventType.id, WED);
  expect(free).toEqual(expect.arrayContaining(["09:30", "11:00"]));
  expect(free).not.toContain("10:00");
  expect(free).not.toContain("10:30");

  const book = (time: string) =>
    request.post("/v2/bookings", { headers: V, data: { eventTypeId: eventType.id, start: at(WED, time).toISOString(), attendee: attendee() } });
  const overEvent = await book("10:30");
  expect(overEvent.status()).toBe(409);
  expect((await overEvent.json()).error.code).toBe("CONFLICT");
  expect((await book("11:00")).status()).toBe(201);
});
