/**
 * GET /v2/bookings filters over HTTP: the spec's status values and the peer API's (upcoming, past, unconfirmed,
 * recurring; several at once), attendeeName, bookingUid, eventTypeIds, the created/updated ranges and
 * sortUpdatedAt. One host's bookings cover every status in the future and the past, so a filter that matched too
 * much or too little shows.
 */
import { randomBytes } from "node:crypto";
import { attendee, makeHostWithEventType, utcAt } from "../../prisma/scheduling-factories";
import { db, disconnectDb } from "../../server/db/client";
import { bearer, bookOverHttp, V } from "../support/bookings-http";
import { expect, test } from "../support/fixtures";

test.afterAll(() => disconnectDb());

type World = {
  apiKey: string;
  strangerEventTypeId: number;
  types: { plain: number; confirmed: number };
  /** Booking uids by role. */
  uids: Record<"accepted" | "pending" | "cancelled" | "rejected" | "pastAccepted" | "pastPending", string>;
};

/** Moves a booking (and its host row, which copies the times) into the past, as the API only books future times. */
async function moveToPast(uid: string, daysAgo: number) {
  const start = utcAt(-daysAgo, 9);
  const end = new Date(start.getTime() + 30 * 60_000);
  const booking = await db.booking.update({ where: { uid }, data: { start, end } });
  await db.bookingHost.updateMany({ where: { bookingId: booking.id }, data: { start, end } });
}

let world: World;
test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const { host, eventType, apiKey } = await makeHostWithEventType();
  const confirmed = await db.eventType.create({
    data: { userId: host.id, title: "Review", slug: `review-${randomBytes(4).toString("hex")}`, lengthInMinutes: 30, requiresConfirmation: true },
  });
  const book = (eventTypeId: number, days: number, hour: number, name = "Grace Hopper") =>
    bookOverHttp(request, eventTypeId, utcAt(days, hour), { attendee: attendee(name) });

  const accepted = await book(eventType.id, 2, 9, "Ada Lovelace");
  const pending = await book(confirmed.id, 2, 11, "Katherine Johnson");
  const cancelled = await book(eventType.id, 3, 9);
  expect((await request.post(`/v2/bookings/${cancelled.uid}/cancel`, { headers: V, data: {} })).status()).toBe(200);
  const rejected = await book(confirmed.id, 3, 11);
  expect((await request.post(`/v2/bookings/${rejected.uid}/decline`, { headers: bearer(apiKey), data: {} })).status()).toBe(200);
  const pastAccepted = await book(eventType.id, 4, 9);
  const pastPending = await book(confirmed.id, 4, 11);
  await moveToPast(pastAccepted.uid, 2);
  await moveToPast(pastPending.uid, 3);

  // Creation and last-change times far apart, set directly (each update would otherwise stamp "now").
  await db.booking.update({ where: { uid: accepted.uid }, data: { createdAt: new Date("2026-01-01T00:00:00Z"), updatedAt: new Date("2026-03-01T00:00:00Z") } });
  await db.booking.update({ where: { uid: pending.uid }, data: { createdAt: new Date("2026-02-01T00:00:00Z"), updatedAt: new Date("2026-04-01T00:00:00Z") } });

  const stranger = await makeHostWithEventType();
  await bookOverHttp(request, stranger.eventType.id, utcAt(2, 9));
  await request.dispose();
  world = {
    apiKey,
    strangerEventTypeId: stranger.eventType.id,
    types: { plain: eventType.id, confirmed: confirmed.id },
    uids: {
      accepted: accepted.uid,
      pending: pending.uid,
      cancelled: cancelled.uid,
      rejected: rejected.uid,
      pastAccepted: pastAccepted.uid,
      pastPending: pastPending.uid,
    },
  };
});

type Role = keyof World["uids"];

async function list(request: import("@playwright/test").APIRequestContext, search: string) {
  const response = await request.get(`/v2/bookings?${search}`, { headers: bearer(world.apiKey) });
  const body = await response.json();
  expect(response.status(), JSON.stringify(body)).toBe(200);
  return body as { data: { uid: string }[]; pagination: { totalItems: number } };
}

/** The roles of the bookings a query answers, in answer order. */
async function rolesOf(request: import("@playwright/test").APIRequestContext, search: string): Promise<Role[]> {
  const byUid = new Map(Object.entries(world.uids).map(([role, uid]) => [uid, role as Role]));
  const { data } = await list(request, search);
  return data.map((booking) => byUid.get(booking.uid) ?? (`other:${booking.uid}` as Role));
}

const sorted = (roles: Role[]) => [...roles].sort();

const STATUS_CASES: { search: string; roles: Role[] }[] = [
  { search: "status=accepted", roles: ["accepted", "pastAccepted"] },
  { search: "status=pending", roles: ["pending", "pastPending"] },
  { search: "status=cancelled", roles: ["cancelled"] },
  { search: "status=rejected", roles: ["rejected"] },
  { search: "status=upcoming", roles: ["accepted", "pending"] },
  { search: "status=past", roles: ["pastAccepted", "pastPending"] },
  { search: "status=unconfirmed", roles: ["pending"] },
  { search: "status=recurring", roles: [] },
  { search: "status=upcoming,cancelled", roles: ["accepted", "pending", "cancelled"] },
  { search: "status=past&status=rejected", roles: ["pastAccepted", "pastPending", "rejected"] },
  { search: "status=unconfirmed,recurring&status=rejected", roles: ["pending", "rejected"] },
];

for (const { search, roles } of STATUS_CASES) {
  test(`?${search} lists exactly ${roles.join(", ") || "nothing"}`, { tag: "@embedded" }, async ({ request }) => {
    expect(sorted(await rolesOf(request, search))).toEqual(sorted(roles));
  });
}

test("an unknown status is a 400 naming query.status and listing the accepted values", async ({ request }) => {
  const response = await request.get("/v2/bookings?status=upcoming,someday", { headers: bearer(world.apiKey) });
  expect(response.status()).toBe(400);
  const [detail] = (await response.json()).error.details;
  expect(detail).toMatchObject({ path: "query.status", message: expect.stringContaining("unconfirmed") });
});

test("attendeeName matches part of an attendee's name, case-insensitively", { tag: "@embedded" }, async ({ request }) => {
  expect(await rolesOf(request, "attendeeName=lovelace")).toEqual(["accepted"]);
  expect(await rolesOf(request, "attendeeName=JOHNS")).toEqual(["pending"]);
  // The other bookings' attendee is "Grace Hopper": a name filter that matched nothing or everything shows.
  expect(await rolesOf(request, "attendeeName=hopper")).toHaveLength(4);
  expect(await rolesOf(request, "attendeeName=Nobody")).toEqual([]);
});

test("bookingUid lists that booking alone, and another user's uid lists nothing", async ({ request }) => {
  expect(await rolesOf(request, `bookingUid=${world.uids.rejected}`)).toEqual(["rejected"]);
  const strangers = await db.booking.findFirstOrThrow({ where: { eventTypeId: world.strangerEventTypeId }, select: { uid: true } });
  expect(await rolesOf(request, `bookingUid=${strangers.uid}`)).toEqual([]);
});

test("eventTypeIds takes ids comma-separated or repeated; another user's event type adds nothing", { tag: "@embedded" }, async ({ request }) => {
  const { plain, confirmed } = world.types;
  expect(sorted(await rolesOf(request, `eventTypeIds=${confirmed}`))).toEqual(sorted(["pending", "rejected", "pastPending"]));
  expect(sorted(await rolesOf(request, `eventTypeIds=${plain}`))).toEqual(sorted(["accepted", "cancelled", "pastAccepted"]));
  const all = sorted(Object.keys(world.uids) as Role[]);
  expect(sorted(await rolesOf(request, `eventTypeIds=${plain},${confirmed}`))).toEqual(all);
  expect(sorted(await rolesOf(request, `eventTypeIds=${plain}&eventTypeIds=${confirmed},${world.strangerEventTypeId}`))).toEqual(all);
  // With eventTypeId too, a booking must match both.
  expect(await rolesOf(request, `eventTypeIds=${plain},${confirmed}&eventTypeId=${confirmed}&status=unconfirmed`)).toEqual(["pending"]);
  const invalid = await request.get(`/v2/bookings?eventTypeIds=${plain},abc`, { headers: bearer(world.apiKey) });
  expect(invalid.status()).toBe(400);
  expect((await invalid.json()).error.details).toEqual([{ path: "query.eventTypeIds", message: expect.stringContaining("comma-separated") }]);
});

test("afterCreatedAt and beforeCreatedAt bound the creation time", async ({ request }) => {
  expect(await rolesOf(request, "beforeCreatedAt=2026-01-15T00:00:00Z")).toEqual(["accepted"]);
  expect(await rolesOf(request, "afterCreatedAt=2026-01-15T00:00:00Z&beforeCreatedAt=2026-03-01T00:00:00Z")).toEqual(["pending"]);
  const after = await rolesOf(request, "afterCreatedAt=2026-01-15T00:00:00Z");
  expect(after).toHaveLength(5);
  expect(after).not.toContain("accepted");
});

test("afterUpdatedAt and beforeUpdatedAt bound the last change time", async ({ request }) => {
  expect(await rolesOf(request, "beforeUpdatedAt=2026-03-15T00:00:00Z")).toEqual(["accepted"]);
  expect(await rolesOf(request, "afterUpdatedAt=2026-03-15T00:00:00Z&beforeUpdatedAt=2026-05-01T00:00:00Z")).toEqual(["pending"]);
  const after = await rolesOf(request, "afterUpdatedAt=2026-03-15T00:00:00Z");
  expect(after).toHaveLength(5);
  expect(after).not.toContain("accepted");
  const invalid = await request.get("/v2/bookings?afterUpdatedAt=yesterday", { headers: bearer(world.apiKey) });
  expect(invalid.status()).toBe(400);
  expect((await invalid.json()).error.details[0].path).toBe("query.afterUpdatedAt");
});

test("sortUpdatedAt orders by the last change, both ways", async ({ request }) => {
  const ascending = await rolesOf(request, "sortUpdatedAt=asc");
  expect(ascending.slice(0, 2)).toEqual(["accepted", "pending"]);
  const descending = await rolesOf(request, "sortUpdatedAt=desc");
  expect(descending.slice(-2)).toEqual(["pending", "accepted"]);
  const updatedAt = await db.booking.findMany({ where: { uid: { in: Object.values(world.uids) } }, select: { uid: true, updatedAt: true } });
  const byUid = new Map(updatedAt.map((row) => [row.uid, row.updatedAt.getTime()]));
  const times = (await list(request, "sortUpdatedAt=asc")).data.map((booking) => byUid.get(booking.uid)!);
  expect(times).toEqual([...times].sort((a, b) => a - b));
});

test("teamId and teamsIds narrow the list to those teams' bookings: none of this caller's personal ones", async ({ request }) => {
  expect((await list(request, "")).data.length).toBeGreaterThan(0);
  for (const search of ["teamId=2147483000", "teamsIds=2147483000,2147483001"]) expect((await list(request, search)).data).toEqual([]);
});

test(
  "cursor pages through the filtered list in order, one page at a time, and a cursor with another sort is a 400",
  { tag: "@embedded" },
  async ({ request }) => {
    const everything = (await list(request, "sortStart=desc")).data.map((booking) => booking.uid);
    const seen: string[] = [];
    let search = "sortStart=desc&take=2";
    for (;;) {
      const page = (await list(request, search)) as Awaited<ReturnType<typeof list>> & { pagination: { nextCursor?: string } };
      seen.push(...page.data.map((booking) => booking.uid));
      if (!page.pagination.nextCursor) break;
      search = `sortStart=desc&take=2&cursor=${encodeURIComponent(page.pagination.nextCursor)}`;
    }
    expect(seen).toEqual(everything);
    const cursor = ((await list(request, "take=1")) as { pagination: { nextCursor?: string } }).pagination.nextCursor!;
    const refused = await request.get(`/v2/bookings?take=1&sortStart=desc&cursor=${encodeURIComponent(cursor)}`, { headers: bearer(world.apiKey) });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).error.details).toEqual([{ path: "query.cursor", message: "it was issued for another sort order" }]);
  },
);
