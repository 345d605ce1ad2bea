/**
 * Bad input never reaches a 500 and is always answered in the v2 envelope: every operation of the route catalog
 * (through the OpenAPI document it builds) is walked with the bad inputs of e2e/support/input-fuzz.ts, as raw HTTP
 * so that percent-escapes and dot segments reach the server as sent, with a valid API key of a user of its own.
 * Nothing of that user's data may change. The OAuth token and revocation endpoints and tRPC get the deep bodies too.
 */
import http from "node:http";
import { attendee, makeHostWithEventType, utcAt } from "../../prisma/scheduling-factories";
import { db, disconnectDb } from "../../server/db/client";
import { buildOpenApiDocument } from "../../server/http/openapi";
import { ROUTE_CATALOG } from "../../server/http/route-catalog";
import { expect, test } from "../support/fixtures";
import { casesFor, DEEP_BODIES, operationsOf, type FuzzCase } from "../support/input-fuzz";

test.afterAll(() => disconnectDb());
// One walk, one user: the digest below compares that user's rows before and after it.
test.describe.configure({ mode: "serial", timeout: 10 * 60_000 });

type RawResponse = { status: number; headers: http.IncomingHttpHeaders; text: string };

/** http.request sends the path exactly as given: no client-side normalisation of `..` or `%ZZ`. */
function send(baseUrl: string, apiKey: string, fuzzCase: FuzzCase): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  // No svc-api-version: each route answers its default version (bookings 2024-08-13, GET /v2/slots and
  // reservations 2024-09-04), so every case reaches input parsing rather than the version check.
  const headers: Record<string, string> = { authorization: `Bearer ${apiKey}` };
  if (fuzzCase.body !== undefined && fuzzCase.contentType) headers["content-type"] = fuzzCase.contentType;
  return new Promise((resolve, reject) => {
    const request = http.request({ hostname, port, method: fuzzCase.method, path: fuzzCase.rawPath, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString("utf8") }));
    });
    // The server may answer a 413 before reading the whole body and close the connection: that answer counts.
    request.on("error", reject);
    request.end(fuzzCase.body);
  });
}

/** What is wrong with an answer, or null. */
function problemWith(fuzzCase: FuzzCase, response: RawResponse): string | null {
  if (response.status >= 500) return `${response.status}: ${response.text.slice(0, 200)}`;
  if (response.status < 400) return `${response.status} (expected an error): ${response.text.slice(0, 200)}`;
  let body: { status?: unknown; error?: { code?: unknown; details?: unknown } };
  try {
    body = JSON.parse(response.text);
  } catch {
    return `${response.status} is not JSON (${response.headers["content-type"]}): ${response.text.slice(0, 200)}`;
  }
  if (body.status !== "error" || typeof body.error?.code !== "string") return `${response.status} is not the v2 error envelope: ${response.text.slice(0, 200)}`;
  const expected = fuzzCase.expect;
  if (expected === "any-error" || response.status === 429) return null;
  if (response.status !== expected.status || body.error.code !== expected.code) {
    return `expected ${expected.status} ${expected.code}, got ${response.status} ${response.text.slice(0, 300)}`;
  }
  if (expected.detailPath) {
    const paths = Array.isArray(body.error.details) ? body.error.details.map((issue: { path?: unknown }) => issue.path) : [];
    if (!paths.includes(expected.detailPath)) return `expected details naming ${expected.detailPath}, got ${response.text.slice(0, 300)}`;
  }
  return null;
}

/**
 * A digest of every row the user owns, table by table, found through the columns that tie a row to them (the user
 * itself, userId, then bookings, event types, schedules and credentials of theirs). ApiKey is left out: using a key
 * records when it was last used.
 */
async function digestOfUser(userId: number): Promise<Record<string, string>> {
  const idsOf = async (sql: string) => (await db.$queryRawUnsafe<{ id: number }[]>(sql, userId)).map(({ id }) => id);
  const owned: Record<string, number[]> = {
    userId: [userId],
    eventTypeId: await idsOf(`SELECT id FROM "EventType" WHERE "userId" = $1`),
    scheduleId: await idsOf(`SELECT id FROM "Schedule" WHERE "userId" = $1`),
    credentialId: await idsOf(`SELECT id FROM "Credential" WHERE "userId" = $1`),
    teamId: await idsOf(`SELECT "teamId" AS id FROM "Membership" WHERE "userId" = $1`),
  };
  owned.bookingId = await idsOf(
    `SELECT id FROM "Booking" WHERE "eventTypeId" IN (SELECT id FROM "EventType" WHERE "userId" = $1) OR id IN (SELECT "bookingId" FROM "BookingHost" WHERE "userId" = $1)`,
  );
  const columns = await db.$queryRawUnsafe<{ table: string; column: string }[]>(
    `SELECT table_name AS table, column_name AS column FROM information_schema.columns WHERE table_schema = current_schema() AND table_name NOT IN ('_prisma_migrations', 'ApiKey')`,
  );
  const tables = new Map<string, Set<string>>();
  for (const { table, column } of columns) tables.set(table, (tables.get(table) ?? new Set()).add(column));
  const digest: Record<string, string> = {};
  for (const [table, names] of [...tables].sort(([a], [b]) => a.localeCompare(b))) {
    const [column, ids] =
      table === "User"
        ? ["id", [userId]]
        : table === "Booking"
          ? ["id", owned.bookingId]
          : table === "Team"
            ? ["id", owned.teamId]
            : (Object.entries(owned).find(([name]) => names.has(name)) ?? []);
    if (!column || !ids) continue;
    const [row] = await db.$queryRawUnsafe<{ rows: bigint; digest: string }[]>(
      `SELECT count(*) AS rows, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM "${table}" t WHERE "${column}" = ANY($1::int[])`,
      ids,
    );
    digest[table] = `${row!.rows} rows, ${row!.digest}`;
  }
  return digest;
}

test("every /v2 operation: bad input is a 4xx in the envelope, never a 5xx, and changes nothing", async ({ request, baseURL }) => {
  const { host, eventType, schedule, apiKey } = await makeHostWithEventType();
  const auth = { authorization: `Bearer ${apiKey}` };
  const start = utcAt(3, 10).toISOString();
  const booked = await request.post("/v2/bookings", {
    headers: { "svc-api-version": "2024-08-13" },
    data: { eventTypeId: eventType.id, start, attendee: attendee() },
  });
  expect(booked.status()).toBe(201);
  const booking = (await booked.json()).data as { uid: string; attendees: { id?: number }[] };
  const link = await request.post(`/v2/event-types/${eventType.id}/private-links`, { headers: auth, data: {} });
  expect(link.status()).toBe(201);
  const ooo = await db.outOfOffice.create({ data: { userId: host.id, start: utcAt(20, 0), end: utcAt(21, 0) } });
  const attendeeRow = await db.attendee.findFirstOrThrow({ where: { booking: { uid: booking.uid } } });
  const team = await request.post("/v2/teams", { headers: auth, data: { name: "Fuzz team", slug: `fuzz-${host.id}` } });
  expect(team.status()).toBe(201);
  const teamId = (await team.json()).data.id as number;
  const membership = await db.membership.findUniqueOrThrow({ where: { teamId_userId: { teamId, userId: host.id } } });

  const pathValues: Record<string, string> = {
    eventTypeId: String(eventType.id),
    scheduleId: String(schedule.id),
    oooId: String(ooo.id),
    bookingUid: booking.uid,
    attendeeId: String(attendeeRow.id),
    linkId: (await link.json()).data.linkId,
    userId: String(host.id),
    calendar: "google",
    teamId: String(teamId),
    membershipId: String(membership.id),
  };
  const hints: Record<string, unknown> = {
    eventTypeId: eventType.id,
    start,
    end: utcAt(3, 11).toISOString(),
    startTime: utcAt(1, 0).toISOString(),
    endTime: utcAt(5, 0).toISOString(),
    timeZone: "UTC",
    email: "fuzz@example.test",
    attendee: attendee("Fuzz Walker"),
    credentialId: 1,
  };

  const document = buildOpenApiDocument(ROUTE_CATALOG, baseURL!) as unknown as Parameters<typeof operationsOf>[0];
  const operations = operationsOf(document);
  expect(operations).toHaveLength(ROUTE_CATALOG.length);
  const cases = operations.flatMap((operation) => casesFor(operation, hints, pathValues));

  const before = await digestOfUser(host.id);
  const problems: string[] = [];
  const queue = [...cases];
  const worker = async () => {
    for (let fuzzCase = queue.shift(); fuzzCase; fuzzCase = queue.shift()) {
      const response = await send(baseURL!, apiKey, fuzzCase).catch((error: Error) => ({ status: 0, headers: {}, text: `request failed: ${error.message}` }));
      const problem = problemWith(fuzzCase, response);
      if (problem) problems.push(`${fuzzCase.name} → ${problem}`);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  console.log(`walked ${operations.length} operations with ${cases.length} bad inputs`);

  expect(problems, problems.join("\n")).toEqual([]);
  expect(await digestOfUser(host.id)).toEqual(before);
});

test("the token and revocation endpoints and tRPC: bodies nested 50,000 and 20,000 deep are a clear 400, never a 500", async ({ request }) => {
  const caller = { "x-forwarded-for": "198.51.100.19" };
  for (const path of ["/v2/auth/oauth2/token", "/v2/auth/oauth2/revoke"]) {
    for (const [name, text] of Object.entries(DEEP_BODIES)) {
      const response = await request.post(path, { data: text, headers: { ...caller, "content-type": "application/json" } });
      expect(response.status(), `${path}, ${name}`).toBe(400);
      expect(await response.json()).toEqual({ error: "invalid_request", error_description: "Body: JSON nests deeper than 32 levels of arrays and objects" });
    }
  }
  // tRPC over HTTP (server/trpc/input-refusals.test.ts sends the same to every procedure): a mutation's body, a batch,
  // and a query's input in the URL (as deep as a URL may be long).
  const trpcRefusal = { message: "Input: JSON nests deeper than 32 levels of arrays and objects", data: { code: "BAD_REQUEST", httpStatus: 400 } };
  for (const text of Object.values(DEEP_BODIES)) {
    const single = await request.post("/api/trpc/auth.signUp", { data: text, headers: { "content-type": "application/json" } });
    expect(single.status()).toBe(400);
    expect((await single.json()).error).toMatchObject(trpcRefusal);
    const batch = await request.post("/api/trpc/auth.signUp?batch=1", { data: `{"0":${text}}`, headers: { "content-type": "application/json" } });
    expect(batch.status()).toBe(400);
    expect((await batch.json())[0].error).toMatchObject(trpcRefusal);
  }
  const query = await request.get(`/api/trpc/bookingPage.slots?input=${encodeURIComponent(`${"[".repeat(1_000)}${"]".repeat(1_000)}`)}`);
  expect(query.status()).toBe(400);
  expect((await query.json()).error).toMatchObject(trpcRefusal);
});
