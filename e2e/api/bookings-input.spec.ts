/** POST /v2/bookings input bounds over HTTP: metadata limits and the Idempotency-Key length; a refusal writes nothing. */
import { attendee, makeHostWithEventType, utcAt } from "../../prisma/scheduling-factories";
import { db, disconnectDb } from "../../server/db/client";
import { expect, test } from "../support/fixtures";

test.afterAll(() => disconnectDb());

const V = { "svc-api-version": "2024-08-13" };
type Issue = { path: string; message: string };

const keys = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, index) => [`key${index}`, "v"]));

const metadataCases: { name: string; metadata: Record<string, string>; message: RegExp }[] = [
  { name: "51 keys", metadata: keys(51), message: /at most 50 keys/ },
  { name: "a 41-character key", metadata: { ["k".repeat(41)]: "v" }, message: /at most 40 characters/ },
  { name: "a 501-character value", metadata: { note: "x".repeat(501) }, message: /500/ },
];

for (const { name, metadata, message } of metadataCases) {
  test(`metadata with ${name} is a 400 naming body.metadata…, and no booking is written`, async ({ request }) => {
    const { eventType } = await makeHostWithEventType();
    const response = await request.post("/v2/bookings", {
      headers: V,
      data: { eventTypeId: eventType.id, start: utcAt(2, 10).toISOString(), attendee: attendee(), metadata },
    });
    expect(response.status()).toBe(400);
    const body = await response.json();
    expect(body.status).toBe("error");
    expect(body.error.code).toBe("BAD_REQUEST");
    const issues = (body.error.details as Issue[]).filter((issue) => issue.path.startsWith("body.metadata"));
    expect(issues.length).toBeGreaterThan(0);
    expect(issues.map((issue) => issue.message).join(" ")).toMatch(message);
    expect(await db.booking.count({ where: { eventTypeId: eventType.id } })).toBe(0);
  });
}

test("metadata at the limits (50 keys, 40-character keys, 500-character values) is accepted", async ({ request }) => {
  const { eventType } = await makeHostWithEventType();
  const metadata = { ...keys(48), ["k".repeat(40)]: "v", note: "x".repeat(500) };
  const response = await request.post("/v2/bookings", {
    headers: V,
    data: { eventTypeId: eventType.id, start: utcAt(2, 11).toISOString(), attendee: attendee(), metadata },
  });
  expect(response.status()).toBe(201);
  expect((await response.json()).data.metadata).toEqual(metadata);
});

test("an Idempotency-Key over 255 characters is a 400 in the v2 envelope and writes nothing; 255 is fine", async ({ request }) => {
  const { eventType } = await makeHostWithEventType();
  const data = { eventTypeId: eventType.id, start: utcAt(2, 12).toISOString(), attendee: attendee() };
  const tooLong = await request.post("/v2/bookings", { headers: { ...V, "idempotency-key": "k".repeat(256) }, data });
  expect(tooLong.status()).toBe(400);
  const body = await tooLong.json();
  expect(body).toMatchObject({ status: "error", error: { code: "BAD_REQUEST", details: [{ path: "headers.idempotency-key" }] } });
  expect(body.error.message).toContain("255");
  expect(await db.booking.count({ where: { eventTypeId: eventType.id } })).toBe(0);

  const headers = { ...V, "idempotency-key": "k".repeat(255) };
  const first = await request.post("/v2/bookings", { headers, data });
  expect(first.status()).toBe(201);
  const retry = await request.post("/v2/bookings", { headers, data });
  expect((await retry.json()).data.uid).toBe((await first.json()).data.uid);
  expect(await db.booking.count({ where: { eventTypeId: eventType.id } })).toBe(1);
});

test("an Idempotency-Key retry on a single-use private link returns the first booking", async ({ request }) => {
  const { eventType, apiKey } = await makeHostWithEventType({ eventType: { hidden: true } });
  const link = await request.post(`/v2/event-types/${eventType.id}/private-links`, {
    headers: { authorization: `Bearer ${apiKey}` },
    data: { maxUsageCount: 1 },
  });
  const { linkId } = (await link.json()).data;
  const headers = { ...V, "idempotency-key": "single-use-link-retry" };
  const data = { eventTypeId: eventType.id, start: utcAt(2, 13).toISOString(), attendee: attendee(), privateLink: linkId };
  const first = await request.post("/v2/bookings", { headers, data });
  expect(first.status()).toBe(201);
  const retry = await request.post("/v2/bookings", { headers, data });
  expect(retry.status()).toBe(201);
  expect((await retry.json()).data.uid).toBe((await first.json()).data.uid);
});
