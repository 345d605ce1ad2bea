/** /v2/me/ooo over HTTP: entry shape, validation paths, overlaps (also under parallel requests), tenancy. */
import type { APIRequestContext } from "@playwright/test";
import { makeApiKey, makeUser } from "../../prisma/factories";
import { addMember, makeTeam } from "../../prisma/team-factories";
import { db, disconnectDb } from "../../server/db/client";
import { expect, test } from "../support/fixtures";

test.afterAll(() => disconnectDb());

const OOO_KEYS = ["end", "id", "notes", "reason", "start", "toUserId", "userId", "uuid"];
const day = (n: number, hour = 0) => new Date(Date.UTC(2031, 2, n, hour)).toISOString();

async function caller() {
  const user = await makeUser();
  const key = await makeApiKey(user.id);
  return { user, headers: { authorization: `Bearer ${key}` } };
}

type Caller = Awaited<ReturnType<typeof caller>>;

async function createEntry(request: APIRequestContext, { headers }: Caller, data: Record<string, unknown>) {
  const response = await request.post("/v2/me/ooo", { headers, data });
  expect(response.status()).toBe(201);
  return (await response.json()).data;
}

test.describe("out of office", () => {
  test("POST answers 201 with the entry; GET lists it with pagination", async ({ request }) => {
    const [me, colleague] = await Promise.all([caller(), caller()]);
    const team = await makeTeam();
    await Promise.all([addMember(team.id, me.user.id, "MEMBER"), addMember(team.id, colleague.user.id, "MEMBER")]);
    const response = await request.post("/v2/me/ooo", {
      headers: me.headers,
      data: { start: day(1), end: day(8), reason: "vacation", notes: "Hiking", toUserId: colleague.user.id },
    });
    expect(response.status()).toBe(201);
    const { status, data } = await response.json();
    expect(status).toBe("success");
    expect(Object.keys(data).sort()).toEqual(OOO_KEYS);
    expect(data).toEqual({
      id: expect.any(Number),
      uuid: expect.any(String),
      userId: me.user.id,
      toUserId: colleague.user.id,
      start: day(1),
      end: day(8),
      notes: "Hiking",
      reason: "vacation",
    });
    const list = await (await request.get("/v2/me/ooo", { headers: me.headers })).json();
    expect(list.data).toEqual([data]);
    expect(list.pagination).toMatchObject({ totalItems: 1, currentPage: 1, hasNextPage: false });
  });

  const invalid: { case: string; body: Record<string, unknown>; path: string }[] = [
    { case: "start after end", body: { start: day(9), end: day(8) }, path: "body.end" },
    { case: "a missing start", body: { end: day(8) }, path: "body.start" },
    { case: "a date without time", body: { start: "2031-03-01", end: day(8) }, path: "body.start" },
    { case: "an unknown reason", body: { start: day(1), end: day(2), reason: "party" }, path: "body.reason" },
  ];
  for (const { case: name, body, path } of invalid) {
    test(`POST refuses ${name} with 400 naming ${path}`, async ({ request }) => {
      const me = await caller();
      const response = await request.post("/v2/me/ooo", { headers: me.headers, data: body });
      expect(response.status()).toBe(400);
      const error = (await response.json()).error;
      expect(error.code).toBe("BAD_REQUEST");
      expect(error.details).toContainEqual({ path, message: expect.any(String) });
    });
  }

  test("toUserId must be someone sharing an accepted team; anyone else is the same 400 as an id that names nobody", async ({ request }) => {
    const [me, stranger] = await Promise.all([caller(), caller()]);
    const self = await request.post("/v2/me/ooo", { headers: me.headers, data: { start: day(1), end: day(2), toUserId: me.user.id } });
    expect(self.status()).toBe(400);
    expect((await self.json()).error.details).toEqual([{ path: "body.toUserId", message: expect.any(String) }]);
    const answers = [];
    for (const toUserId of [stranger.user.id, 2_000_000_000]) {
      const refused = await request.post("/v2/me/ooo", { headers: me.headers, data: { start: day(1), end: day(2), toUserId } });
      expect(refused.status()).toBe(400);
      answers.push((await refused.json()).error);
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0].details).toEqual([{ path: "body.toUserId", message: expect.any(String) }]);
    expect(await db.outOfOffice.count({ where: { userId: me.user.id } })).toBe(0);
  });

  test("an overlapping entry is 409; touching entries are fine", async ({ request }) => {
    const me = await caller();
    await createEntry(request, me, { start: day(10), end: day(15) });
    const overlap = await request.post("/v2/me/ooo", { headers: me.headers, data: { start: day(14), end: day(16) } });
    expect(overlap.status()).toBe(409);
    expect((await overlap.json()).error.code).toBe("CONFLICT");
    await createEntry(request, me, { start: day(15), end: day(16) });
  });

  test("parallel overlapping creates: exactly one 201, the others 409", async ({ request }) => {
    const me = await caller();
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, index) => request.post("/v2/me/ooo", { headers: me.headers, data: { start: day(20, index), end: day(22) } })),
    );
    expect(responses.map((response) => response.status()).sort()).toEqual([201, 409, 409, 409, 409, 409]);
  });

  test("PATCH merges fields and validates the merged period; DELETE answers the entry", async ({ request }) => {
    const me = await caller();
    const entry = await createEntry(request, me, { start: day(1), end: day(3), reason: "sick" });
    const patched = await request.patch(`/v2/me/ooo/${entry.id}`, { headers: me.headers, data: { end: day(4), notes: "Flu" } });
    expect(patched.status()).toBe(200);
    const updated = (await patched.json()).data;
    expect(updated).toEqual({ ...entry, end: day(4), notes: "Flu" });

    const inverted = await request.patch(`/v2/me/ooo/${entry.id}`, { headers: me.headers, data: { start: day(5) } });
    expect(inverted.status()).toBe(400);
    expect((await inverted.json()).error.details).toEqual([{ path: "body.start", message: expect.any(String) }]);

    const deleted = await request.delete(`/v2/me/ooo/${entry.id}`, { headers: me.headers });
    expect(await deleted.json()).toEqual({ status: "success", data: updated });
    expect((await request.delete(`/v2/me/ooo/${entry.id}`, { headers: me.headers })).status()).toBe(404);
  });

  test("another user's entry is 404 for PATCH and DELETE, and absent from the list", async ({ request }) => {
    const [me, them] = await Promise.all([caller(), caller()]);
    const theirs = await createEntry(request, them, { start: day(1), end: day(2) });
    for (const [method, data] of [
      ["PATCH", { notes: "mine" }],
      ["DELETE", undefined],
    ] as const) {
      const response = await request.fetch(`/v2/me/ooo/${theirs.id}`, { method, headers: me.headers, data });
      expect(response.status(), method).toBe(404);
      expect((await response.json()).error.code).toBe("NOT_FOUND");
    }
    expect((await (await request.get("/v2/me/ooo", { headers: me.headers })).json()).data).toEqual([]);
  });
});
