/**
 * v1 is shut down: every /v1 request, any method, path or credentials, is 410 Gone in v1's own error shape
 * `{"message"}`, naming the v2 replacement from the spec's differences table and linking the migration guide,
 * never echoing the apiKey its query carries.
 */
import http from "node:http";
import type { APIResponse } from "@playwright/test";
import { makeApiKey, makeUser } from "../../prisma/factories";
import { disconnectDb } from "../../server/db/client";
import { V1_DIFFERENCES } from "../../server/v1/v1-migration";
import { expect, test } from "../support/fixtures";

test.afterAll(() => disconnectDb());

const API_KEY = "cal_live_0123456789abcdefSECRETvalue";
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

type TAnswer = { status: number; headers: Record<string, string>; text: string };

const answerOf = async (response: APIResponse): Promise<TAnswer> => ({ status: response.status(), headers: response.headers(), text: await response.text() });

/** The shape every v1 answer has; returns the message (empty for HEAD, which has no body). */
function expectGone(answer: TAnswer, method: string): string {
  expect(answer.status).toBe(410);
  expect(answer.headers["link"]).toMatch(/^<https?:\/\/[^>]+\/docs\/migrate-v1>; rel="sunset"/);
  expect(answer.headers["sunset"]).toBe("Wed, 08 Apr 2026 00:00:00 GMT");
  expect(JSON.stringify(answer.headers)).not.toContain(API_KEY);
  if (method === "HEAD") return "";
  expect(answer.headers["content-type"]).toContain("application/json");
  const body = JSON.parse(answer.text);
  expect(Object.keys(body)).toEqual(["message"]);
  expect(answer.text).not.toContain(API_KEY);
  expect(body.message).toContain("shut down on 2026-04-08");
  const guide = answer.headers["link"]!.slice(1, answer.headers["link"]!.indexOf(">"));
  expect(body.message).toContain(`Migration guide: ${guide}`);
  return body.message;
}

const concrete = (template: string) => template.replace(/\{[^}]+\}/g, "123");

for (const row of V1_DIFFERENCES) {
  for (const operation of row.v1Operations) {
    const [method, template] = operation.split(" ") as [string, string];
    const methods = method === "*" ? ["GET", "POST", "PATCH", "DELETE"] : [method];
    test(`${row.area}: ${operation} is 410 naming "${row.replacement.slice(0, 60)}…"`, async ({ request }) => {
      for (const asked of methods) {
        const response = await request.fetch(`${concrete(template)}?apiKey=${API_KEY}&id=123`, { method: asked, data: asked === "GET" ? undefined : {} });
        const message = expectGone(await answerOf(response), asked);
        expect(message).toContain(`${row.area}: ${row.replacement}.`);
      }
    });
  }
}

test("the issue's examples: DELETE /v1/bookings names POST /v2/bookings/{uid}/cancel, GET /v1/slots/available the ISO timestamps", async ({ request }) => {
  const cancel = await request.delete(`/v1/bookings?id=5&cancellationReason=x&apiKey=${API_KEY}`);
  expect(expectGone(await answerOf(cancel), "DELETE")).toContain("POST /v2/bookings/{uid}/cancel");
  const slots = await request.get(`/v1/slots/available?eventTypeId=1&startTime=2026-12-01&endTime=2026-12-02&apiKey=${API_KEY}`);
  expect(expectGone(await answerOf(slots), "GET")).toMatch(/GET \/v2\/slots\/available .*full ISO 8601 timestamps/);
});

test("the answer does not depend on credentials: none, a valid API key as apiKey or as Bearer, and garbage are answered alike", async ({ request }) => {
  const key = await makeApiKey((await makeUser()).id);
  const variants = [
    request.get("/v1/me"),
    request.get(`/v1/me?apiKey=${key}`),
    request.get("/v1/me", { headers: { Authorization: `Bearer ${key}` } }),
    request.get("/v1/me", { headers: { Authorization: "Bearer nonsense" } }),
  ];
  const answers = await Promise.all(variants.map(async (variant) => answerOf(await variant)));
  for (const answer of answers) {
    expect(expectGone(answer, "GET")).toContain("GET /v2/me");
    expect(answer.text).toBe(answers[0]!.text);
    expect(answer.text).not.toContain(key);
  }
});

/** A fixed-seed generator, so a failing path can be reproduced from the test's name. */
function randomPaths(count: number, seed = 9): string[] {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789-_~%20%C3%A9"; // no ".": a client resolves dot segments before sending
  const segment = () => Array.from({ length: 1 + Math.floor(next() * 12) }, () => alphabet[Math.floor(next() * alphabet.length)]).join("");
  return Array.from({ length: count }, () => `/v1/${Array.from({ length: 1 + Math.floor(next() * 4) }, segment).join("/")}`);
}

const UNKNOWN_PATHS = ["/v1", "/v1/unknown", "/v1/bookings/1/2/3", "/v1/event-types/1/webhooks", "/v1/teams", "/v1/api-keys", ...randomPaths(12)];

for (const path of UNKNOWN_PATHS) {
  test(`every method on ${path} is 410 with a generic answer pointing at v2 and the guide`, async ({ request }) => {
    for (const method of METHODS) {
      const response = await request.fetch(`${path}?apiKey=${API_KEY}`, { method, headers: { "Content-Type": "text/plain" }, data: "not json" });
      const message = expectGone(await answerOf(response), method);
      if (method !== "HEAD") expect(message).toMatch(/no direct v2 counterpart|is gone\./);
    }
  });
}

/** Raw, so the target reaches the server as written (clients would normalise these paths first). */
function rawRequest(baseUrl: string, method: string, path: string): Promise<TAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request({ hostname, port, path, method }, (response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => (text += chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers as Record<string, string>, text: method === "HEAD" ? "" : text }),
      );
    });
    request.on("error", reject).end();
  });
}

for (const path of ["/v1/%ZZ", "/v1/bookings/", "/v1/", "/v1/a/../bookings", "/v1/..", "/v1//me", "/v1/./slots/available", "/v1/%2e%2e/v2/me", "/v1/%C0"]) {
  test(`a malformed or unnormalised ${path} is still v1's 410 (not a redirect, a resolved path or the framework's error)`, async ({ baseURL }) => {
    for (const method of METHODS) {
      expectGone(await rawRequest(baseURL!, method, `${path}?apiKey=${API_KEY}`), method);
    }
  });
}
