/** GET /v2/slots/available over HTTP against the production build: validation messages, grouping, 404s, public access. */
import { randomBytes } from "node:crypto";
import { makeApiKey, makeUser } from "../../prisma/factories";
import { db, disconnectDb } from "../../server/db/client";
import { expect, test } from "../support/fixtures";
import { futureWednesday, nextDay } from "../support/future-days";

test.afterAll(() => disconnectDb());

const WED = futureWednesday();
const THU = nextDay(WED);

/** A host available Monday–Friday 09:00–17:00 UTC and a 30-minute event type of theirs. */
async function makeEventType(fields: { hidden?: boolean } = {}) {
  const user = await makeUser();
  const schedule = await db.schedule.create({
    data: { userId: user.id, name: "Working hours", timeZone: "UTC", entries: { create: [{ days: [1, 2, 3, 4, 5], startMinute: 540, endMinute: 1020 }] } },
  });
  await db.user.update({ where: { id: user.id }, data: { defaultScheduleId: schedule.id } });
  const eventType = await db.eventType.create({
    data: { userId: user.id, title: "Intro", slug: `intro-${randomBytes(4).toString("hex")}`, lengthInMinutes: 30, minimumBookingNotice: 0, ...fields },
  });
  return { user, eventType };
}

const url = (params: Record<string, string | number>) =>
  `/v2/slots/available?${new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)]))}`;
const dayRange = (from: string, to: string) => ({ startTime: `${from}T00:00:00Z`, endTime: `${to}T00:00:00Z` });

test.describe("GET /v2/slots/available answers", () => {
  test("without a token: slots grouped by UTC day, as full UTC timestamps", async ({ request }) => {
    const { eventType } = await makeEventType();
    const response = await request.get(url({ eventTypeId: eventType.id, ...dayRange(WED, nextDay(THU)) }));
    expect(response.status()).toBe(200);
    const body = await response.json();
    expect(body.status).toBe("success");
    expect(Object.keys(body.data.slots)).toEqual([WED, THU]);
    expect(body.data.slots[WED]).toHaveLength(16);
    expect(body.data.slots[WED][0]).toEqual({ time: `${WED}T09:00:00.000Z` });
    expect(body.data.slots[THU].at(-1)).toEqual({ time: `${THU}T16:30:00.000Z` });
  });

  test("with a valid token too (public operations accept one)", async ({ request }) => {
    const { user, eventType } = await makeEventType();
    const key = await makeApiKey(user.id);
    const response = await request.get(url({ eventTypeId: eventType.id, ...dayRange(WED, THU) }), { headers: { authorization: `Bearer ${key}` } });
    expect(response.status()).toBe(200);
    expect((await response.json()).data.slots[WED]).toHaveLength(16);
  });

  test("grouped by day in the requested time zone", async ({ request }) => {
    const { eventType } = await makeEventType();
    const response = await request.get(url({ eventTypeId: eventType.id, ...dayRange(WED, THU), timeZone: "Asia/Tokyo" }));
    expect(response.status()).toBe(200);
    const { slots } = (await response.json()).data;
    // 09:00–14:30 UTC is Wednesday evening in Tokyo (+09:00); 15:00–16:30 UTC is already Thursday there.
    expect(Object.keys(slots)).toEqual([WED, THU]);
    expect(slots[WED]).toHaveLength(12);
    expect(slots[WED].at(-1)).toEqual({ time: `${WED}T14:30:00.000Z` });
    expect(slots[THU]).toEqual(["15:00", "15:30", "16:00", "16:30"].map((time) => ({ time: `${WED}T${time}:00.000Z` })));
  });

  test("for the owner's username, and accepts timestamps with an offset", async ({ request }) => {
    const { user, eventType } = await makeEventType();
    const response = await request.get(
      url({ eventTypeId: eventType.id, startTime: `${WED}T11:00:00+02:00`, endTime: `${WED}T12:00:00+02:00`, username: user.username }),
    );
    expect(response.status()).toBe(200);
    expect((await response.json()).data.slots).toEqual({ [WED]: [{ time: `${WED}T09:00:00.000Z` }, { time: `${WED}T09:30:00.000Z` }] });
  });

  test("an empty object when nothing is free", async ({ request }) => {
    const { eventType } = await makeEventType();
    const saturday = nextDay(nextDay(THU));
    const response = await request.get(url({ eventTypeId: eventType.id, ...dayRange(saturday, nextDay(saturday)) }));
    expect(response.status()).toBe(200);
    expect((await response.json()).data).toEqual({ slots: {} });
  });
});

test.describe("GET /v2/slots/available refuses with 400", () => {
  const issues = async (response: import("@playwright/test").APIResponse) => {
    expect(response.status()).toBe(400);
    const body = await response.json();
    expect(body.status).toBe("error");
    expect(body.error.code).toBe("BAD_REQUEST");
    return body.error.details as { path: string; message: string }[];
  };

  test("date-only values, saying that v2 needs full timestamps", async ({ request }) => {
    const details = await issues(await request.get(url({ eventTypeId: 1, startTime: WED, endTime: THU })));
    expect(details).toEqual([
      { path: "query.startTime", message: "startTime must be a full ISO 8601 timestamp such as 2026-12-01T00:00:00Z; date-only values were a v1 format" },
      { path: "query.endTime", message: "endTime must be a full ISO 8601 timestamp such as 2026-12-01T00:00:00Z; date-only values were a v1 format" },
    ]);
  });

  test("missing parameters, naming each field path", async ({ request }) => {
    const details = await issues(await request.get("/v2/slots/available"));
    expect(details.map((issue) => issue.path)).toEqual(["query.eventTypeId", "query.startTime", "query.endTime"]);
    expect(details[1]!.message).toContain("startTime is required");
  });

  const cases: { case: string; params: Record<string, string | number>; path: string; message: RegExp }[] = [
    {
      case: "a timestamp without a zone designator",
      params: { startTime: `${WED}T09:00:00`, endTime: `${THU}T00:00:00Z` },
      path: "query.startTime",
      message: /time zone designator/,
    },
    {
      case: "endTime before startTime",
      params: { startTime: `${THU}T00:00:00Z`, endTime: `${WED}T00:00:00Z` },
      path: "query.endTime",
      message: /after startTime/,
    },
    {
      case: "a range over 90 days",
      params: { startTime: `${WED}T00:00:00Z`, endTime: new Date(Date.parse(`${WED}T00:00:00Z`) + 91 * 86_400_000).toISOString() },
      path: "query.endTime",
      message: /at most 90 days/,
    },
    { case: "an unknown time zone", params: { ...dayRange(WED, THU), timeZone: "Mars/Olympus" }, path: "query.timeZone", message: /IANA/ },
    { case: "a non-numeric eventTypeId", params: { ...dayRange(WED, THU), eventTypeId: "abc" }, path: "query.eventTypeId", message: /positive integer/ },
  ];
  for (const { case: name, params, path, message } of cases) {
    test(name, async ({ request }) => {
      const details = await issues(await request.get(url({ eventTypeId: 1, ...params })));
      expect(details).toEqual([{ path, message: expect.stringMatching(message) }]);
    });
  }

  test("exactly 90 days is accepted", async ({ request }) => {
    const { eventType } = await makeEventType();
    const endTime = new Date(Date.parse(`${WED}T00:00:00Z`) + 90 * 86_400_000).toISOString();
    expect((await request.get(url({ eventTypeId: eventType.id, startTime: `${WED}T00:00:00Z`, endTime }))).status()).toBe(200);
  });
});

test.describe("GET /v2/slots/available answers 404 (the same way) for", () => {
  const notFound = { status: "error", error: { code: "NOT_FOUND", message: "Event type not found" } };

  test("an unknown event type", async ({ request }) => {
    const response = await request.get(url({ eventTypeId: 2_000_000_000, ...dayRange(WED, THU) }));
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual(notFound);
  });

  test("a hidden event type", async ({ request }) => {
    const { eventType } = await makeEventType({ hidden: true });
    const response = await request.get(url({ eventTypeId: eventType.id, ...dayRange(WED, THU) }));
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual(notFound);
  });

  test("a username that is not the owner's", async ({ request }) => {
    const { eventType } = await makeEventType();
    const other = await makeUser();
    const response = await request.get(url({ eventTypeId: eventType.id, ...dayRange(WED, THU), username: other.username }));
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual(notFound);
  });
});

test.describe("GET /v2/slots/available with privateLink", () => {
  const V = { "svc-api-version": "2024-08-13" };

  /** A hidden event type and a link to it made through the API, as its owner would. */
  async function hiddenWithLink(request: import("@playwright/test").APIRequestContext, limit: Record<string, unknown>) {
    const { user, eventType } = await makeEventType({ hidden: true });
    const key = await makeApiKey(user.id);
    const created = await request.post(`/v2/event-types/${eventType.id}/private-links`, { headers: { authorization: `Bearer ${key}` }, data: limit });
    expect(created.status()).toBe(201);
    return { eventType, linkId: (await created.json()).data.linkId as string };
  }

  test("lists a hidden event type's slots for the link holder, until the link's uses run out", async ({ request }) => {
    const { eventType, linkId } = await hiddenWithLink(request, { maxUsageCount: 1 });
    const listing = await request.get(url({ eventTypeId: eventType.id, ...dayRange(WED, THU), privateLink: linkId }));
    expect(listing.status()).toBe(200);
    const slots = (await listing.json()).data.slots[WED];
    expect(slots).toHaveLength(16);
    const booked = await request.post("/v2/bookings", {
      headers: V,
      data: {
        eventTypeId: eventType.id,
        start: slots[0].time,
        privateLink: linkId,
        attendee: { name: "Link Holder", email: `holder-${randomBytes(3).toString("hex")}@example.test`, timeZone: "UTC" },
      },
    });
    expect(booked.status()).toBe(201);
    const usedUp = await request.get(url({ eventTypeId: eventType.id, ...dayRange(WED, THU), privateLink: linkId }));
    expect(usedUp.status()).toBe(404);
  });

  test("refuses an expired link, another event type's link and an unknown one", async ({ request }) => {
    const { eventType, linkId } = await hiddenWithLink(request, { expiresAt: new Date(Date.now() + 86_400_000).toISOString() });
    expect((await request.get(url({ eventTypeId: eventType.id, ...dayRange(WED, THU), privateLink: linkId }))).status()).toBe(200);
    const other = await hiddenWithLink(request, { maxUsageCount: 5 });
    expect((await request.get(url({ eventTypeId: eventType.id, ...dayRange(WED, THU), privateLink: other.linkId }))).status()).toBe(404);
    expect((await request.get(url({ eventTypeId: eventType.id, ...dayRange(WED, THU), privateLink: "no-such-link" }))).status()).toBe(404);
    await db.privateLink.update({ where: { hash: linkId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await request.get(url({ eventTypeId: eventType.id, ...dayRange(WED, THU), privateLink: linkId }));
    expect(expired.status()).toBe(404);
    expect((await expired.json()).error.code).toBe("NOT_FOUND");
  });
});
