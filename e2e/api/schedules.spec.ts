/** /v2/schedules over HTTP: ScheduleOutput, the default-schedule rules, validation paths, tenancy. */
import type { APIRequestContext } from "@playwright/test";
import { makeApiKey, makeUser } from "../../prisma/factories";
import { disconnectDb } from "../../server/db/client";
import { paginate, unwrap } from "@convene/client";
import { conveneAs } from "../support/client";
import { expect, test } from "../support/fixtures";

test.afterAll(() => disconnectDb());

const SCHEDULE_KEYS = ["availability", "id", "isDefault", "name", "overrides", "ownerId", "schedule", "timeZone"];

async function caller() {
  const user = await makeUser();
  const key = await makeApiKey(user.id);
  return { user, headers: { authorization: `Bearer ${key}` }, convene: conveneAs(key) };
}

type Caller = Awaited<ReturnType<typeof caller>>;

async function createSchedule(request: APIRequestContext, { headers }: Caller, data: Record<string, unknown> = {}) {
  const response = await request.post("/v2/schedules", { headers, data: { name: "Work", timeZone: "Europe/Paris", ...data } });
  expect(response.status()).toBe(201);
  return (await response.json()).data;
}

test.describe("schedules", () => {
  test("POST answers 201 with ScheduleOutput; the first schedule is the default (through the typed client)", async () => {
    const { user, convene } = await caller();
    expect((await convene.GET("/v2/schedules/default")).response.status).toBe(404);

    const weekly = [{ days: ["Monday" as const, "Wednesday" as const], startTime: "09:00", endTime: "17:30" }];
    const overrides = [{ date: "2026-12-24", startTime: "00:00", endTime: "00:00" }];
    const created = await convene.POST("/v2/schedules", {
      body: { name: "Work", timeZone: "America/New_York", isDefault: false, schedule: weekly, overrides },
    });
    expect(created.response.status).toBe(201);
    const data = created.data!.data;
    expect(created.data!.status).toBe("success");
    expect(Object.keys(data).sort()).toEqual(SCHEDULE_KEYS);
    expect(data).toEqual({
      id: expect.any(Number),
      ownerId: user.id,
      name: "Work",
      timeZone: "America/New_York",
      isDefault: true,
      availability: weekly,
      schedule: weekly,
      overrides,
    });
    expect(await unwrap(convene.GET("/v2/schedules/default"))).toEqual(data);
    expect(await unwrap(convene.GET("/v2/schedules/{scheduleId}", { params: { path: { scheduleId: data.id } } }))).toEqual(data);
    expect((await unwrap(convene.GET("/v2/me"))).defaultScheduleId).toBe(data.id);
  });

  test("GET lists the caller's schedules with pagination and isDefault on exactly one", async ({ request }) => {
    const me = await caller();
    const first = await createSchedule(request, me);
    const second = await createSchedule(request, me, { name: "Evenings", isDefault: true });
    const body = await (await request.get("/v2/schedules", { headers: me.headers })).json();
    expect(body.data).toEqual([{ ...first, isDefault: false }, second]);
    expect(body.pagination).toMatchObject({ totalItems: 2, hasNextPage: false });
    const page = await (await request.get("/v2/schedules?take=1", { headers: me.headers })).json();
    expect(page.pagination).toMatchObject({ totalItems: 2, returnedItems: 1, hasNextPage: true });

    const walked = [];
    for await (const schedule of paginate((query) => me.convene.GET("/v2/schedules", { params: { query } }), { take: 1 })) walked.push(schedule);
    expect(walked).toEqual(body.data);
  });

  test("GET filters by isDefault, timeZone and name, paginated over the filtered list", { tag: "@embedded" }, async ({ request }) => {
    const me = await caller();
    const work = await createSchedule(request, me);
    const evenings = await createSchedule(request, me, { name: "Late evenings", timeZone: "Asia/Tokyo" });
    const weekend = await createSchedule(request, me, { name: "Weekend", timeZone: "Asia/Tokyo" });
    await createSchedule(request, await caller(), { name: "Late evenings", timeZone: "Asia/Tokyo" });
    const ids = async (search: string) => {
      const response = await request.get(`/v2/schedules?${search}`, { headers: me.headers });
      expect(response.status()).toBe(200);
      return ((await response.json()).data as { id: number }[]).map(({ id }) => id);
    };
    expect(await ids("isDefault=true")).toEqual([work.id]);
    expect(await ids("isDefault=false")).toEqual([evenings.id, weekend.id]);
    expect(await ids("timeZone=Asia/Tokyo")).toEqual([evenings.id, weekend.id]);
    expect(await ids("name=EVEN")).toEqual([evenings.id]);
    expect(await ids("timeZone=Asia/Tokyo&name=week&isDefault=false")).toEqual([weekend.id]);
    const page = await (await request.get("/v2/schedules?timeZone=Asia/Tokyo&take=1&skip=1", { headers: me.headers })).json();
    expect(page.data.map(({ id }: { id: number }) => id)).toEqual([weekend.id]);
    expect(page.pagination).toMatchObject({ totalItems: 2, returnedItems: 1, currentPage: 2, hasNextPage: false, hasPreviousPage: true });
  });

  for (const [search, path] of [
    ["isDefault=maybe", "query.isDefault"],
    ["timeZone=Mars/Olympus", "query.timeZone"],
    ["take=0", "query.take"],
    ["zzzNotAField=1", "query.zzzNotAField"],
  ]) {
    test(`GET ?${search} is a 400 naming ${path}`, async ({ request }) => {
      const me = await caller();
      const response = await request.get(`/v2/schedules?${search}`, { headers: me.headers });
      expect(response.status()).toBe(400);
      expect((await response.json()).error.details).toEqual([expect.objectContaining({ path })]);
    });
  }

  test("PATCH replaces the sent lists and can move the default", async ({ request }) => {
    const me = await caller();
    const first = await createSchedule(request, me);
    const second = await createSchedule(request, me);
    const availability = [{ days: ["Friday"], startTime: "10:00", endTime: "24:00" }];
    const response = await request.patch(`/v2/schedules/${second.id}`, { headers: me.headers, data: { availability, isDefault: true } });
    expect(response.status()).toBe(200);
    expect((await response.json()).data).toEqual({ ...second, availability, schedule: availability, isDefault: true });
    expect((await (await request.get(`/v2/schedules/${first.id}`, { headers: me.headers })).json()).data.isDefault).toBe(false);
  });

  const invalid: { case: string; body: Record<string, unknown>; path: string }[] = [
    { case: "an unknown time zone", body: { timeZone: "Mars/Olympus" }, path: "body.timeZone" },
    { case: "a time that is not HH:mm", body: { schedule: [{ days: ["Monday"], startTime: "9am", endTime: "17:00" }] }, path: "body.schedule.0.startTime" },
    { case: "end before start", body: { availability: [{ days: ["Monday"], startTime: "18:00", endTime: "17:00" }] }, path: "body.availability.0.endTime" },
    { case: "an unknown day", body: { schedule: [{ days: ["Mon"], startTime: "09:00", endTime: "17:00" }] }, path: "body.schedule.0.days.0" },
    {
      case: "a repeated override date",
      body: {
        overrides: [
          { date: "2027-01-01", startTime: "09:00", endTime: "10:00" },
          { date: "2027-01-01", startTime: "00:00", endTime: "00:00" },
        ],
      },
      path: "body.overrides.1.date",
    },
  ];
  for (const { case: name, body, path } of invalid) {
    test(`POST refuses ${name} with 400 naming ${path}`, async ({ request }) => {
      const me = await caller();
      const response = await request.post("/v2/schedules", { headers: me.headers, data: { name: "Work", timeZone: "UTC", ...body } });
      expect(response.status()).toBe(400);
      const error = (await response.json()).error;
      expect(error.code).toBe("BAD_REQUEST");
      expect(error.details).toContainEqual({ path, message: expect.any(String) });
      expect((await (await request.get("/v2/schedules", { headers: me.headers })).json()).data).toEqual([]);
    });
  }

  test("PATCH refuses an invalid body with 400 and changes nothing", async ({ request }) => {
    const me = await caller();
    const created = await createSchedule(request, me);
    const response = await request.patch(`/v2/schedules/${created.id}`, { headers: me.headers, data: { name: "Changed", timeZone: "Nowhere/Land" } });
    expect(response.status()).toBe(400);
    expect((await response.json()).error.details).toContainEqual({ path: "body.timeZone", message: expect.any(String) });
    expect((await (await request.get(`/v2/schedules/${created.id}`, { headers: me.headers })).json()).data).toEqual(created);
  });

  test("DELETE of the default is 409 unless newDefaultScheduleId names its successor", async ({ request }) => {
    const me = await caller();
    const only = await createSchedule(request, me);
    const refused = await request.delete(`/v2/schedules/${only.id}`, { headers: me.headers });
    expect(refused.status()).toBe(409);
    expect((await refused.json()).error.code).toBe("CONFLICT");

    const next = await createSchedule(request, me);
    expect((await request.delete(`/v2/schedules/${only.id}`, { headers: me.headers })).status()).toBe(409);
    const deleted = await request.delete(`/v2/schedules/${only.id}?newDefaultScheduleId=${next.id}`, { headers: me.headers });
    expect(deleted.status()).toBe(200);
    expect(await deleted.json()).toEqual({ status: "success", data: null });
    expect((await (await request.get("/v2/schedules/default", { headers: me.headers })).json()).data.id).toBe(next.id);

    const extra = await createSchedule(request, me);
    expect((await request.delete(`/v2/schedules/${extra.id}`, { headers: me.headers })).status()).toBe(200);
  });

  test("another user's schedule is 404 for every operation", async ({ request }) => {
    const [me, them] = await Promise.all([caller(), caller()]);
    const theirs = await createSchedule(request, them);
    for (const [method, data] of [
      ["GET", undefined],
      ["PATCH", { name: "Mine" }],
      ["DELETE", undefined],
    ] as const) {
      const response = await request.fetch(`/v2/schedules/${theirs.id}`, { method, headers: me.headers, data });
      expect(response.status(), method).toBe(404);
      expect((await response.json()).error.code).toBe("NOT_FOUND");
    }
    const mine = await createSchedule(request, me);
    const successor = await request.delete(`/v2/schedules/${mine.id}?newDefaultScheduleId=${theirs.id}`, { headers: me.headers });
    expect(successor.status()).toBe(404);
    expect((await successor.json()).error.details).toEqual([{ path: "query.newDefaultScheduleId", message: expect.any(String) }]);
  });

  test("a malformed id is 400 naming params.scheduleId", async ({ request }) => {
    const me = await caller();
    const response = await request.get("/v2/schedules/abc", { headers: me.headers });
    expect(response.status()).toBe(400);
    expect((await response.json()).error.details).toContainEqual({ path: "params.scheduleId", message: expect.any(String) });
  });
});
