/**
 * The forgot-password request over HTTP tells nothing about whether an address has an account: the same status and
 * body, and the same time (medians of 20 each, interleaved, compared with a generous tolerance); it is throttled.
 */
import { randomBytes } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { makeUser, uniqueEmail } from "../../prisma/factories";
import { quotaOf } from "../../server/security/rate-limits";
import { disconnectDb } from "../../server/db/client";
import { expect, test } from "../support/fixtures";

test.afterAll(() => disconnectDb());

const SAMPLES = 20;
/** Each request its own network address, so the per-address limit is not what is measured. */
const freshAddress = () => `198.18.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

async function ask(request: APIRequestContext, email: string, address = freshAddress()) {
  const started = performance.now();
  const response = await request.post("/api/trpc/auth.requestPasswordReset", { data: { email }, headers: { "x-forwarded-for": address } });
  const body = await response.text();
  return { status: response.status(), body, ms: performance.now() - started };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[(sorted.length - 1) >> 1]! + sorted[sorted.length >> 1]!) / 2;
};

test("an unknown address gets the same status, body and time as a known one", async ({ request }) => {
  const known = await Promise.all(Array.from({ length: SAMPLES }, () => makeUser()));
  const unknown = Array.from({ length: SAMPLES }, () => uniqueEmail("nobody"));
  await ask(request, uniqueEmail("warm-up"));
  const knownAnswers = [];
  const unknownAnswers = [];
  // Interleaved, so a slow moment of this shared machine falls on both sides alike.
  for (let index = 0; index < SAMPLES; index++) {
    knownAnswers.push(await ask(request, known[index]!.email));
    unknownAnswers.push(await ask(request, unknown[index]!));
  }
  const distinct = new Set([...knownAnswers, ...unknownAnswers].map(({ status, body }) => `${status} ${body}`));
  expect([...distinct]).toHaveLength(1);
  expect(knownAnswers[0]!.status).toBe(200);
  const difference = Math.abs(median(knownAnswers.map(({ ms }) => ms)) - median(unknownAnswers.map(({ ms }) => ms)));
  expect(difference).toBeLessThan(50);
});

test("requests for one address past the limit are refused with 429, known address or not", async ({ request }) => {
  const user = await makeUser();
  for (let index = 0; index < quotaOf("PASSWORD_RESET_REQUESTS_PER_EMAIL"); index++) expect((await ask(request, user.email)).status).toBe(200);
  const response = await request.post("/api/trpc/auth.requestPasswordReset", { data: { email: user.email }, headers: { "x-forwarded-for": freshAddress() } });
  expect(response.status()).toBe(429);
});
