/** GET and PATCH /v2/me over HTTP against the production build: authentication, the MeOutput contract, validation. */
import { randomBytes } from "node:crypto";
import { DEFAULT_PASSWORD, makeApiKey, makeUser } from "../../prisma/factories";
import { disconnectDb } from "../../server/db/client";
import { unwrap } from "@convene/client";
import { conveneAs } from "../support/client";
import { expect, test } from "../support/fixtures";

test.afterAll(() => disconnectDb());

/** `organization` is left out for a user outside any organization, as the peer does. */
const ME_KEYS = [
  "avatarUrl",
  "bio",
  "defaultScheduleId",
  "email",
  "id",
  "locale",
  "name",
  "organizationId",
  "teams",
  "timeFormat",
  "timeZone",
  "username",
  "weekStart",
];

async function userWithKey() {
  const user = await makeUser();
  return { user, key: await makeApiKey(user.id) };
}

const bearer = (key: string, scheme = "Bearer") => ({ authorization: `${scheme} ${key}` });

test.describe("GET /v2/me refuses", () => {
  const cases: { case: string; url: (key: string) => string; headers: (key: string) => Record<string, string>; tokenSent: boolean }[] = [
    { case: "no Authorization header", url: () => "/v2/me", headers: () => ({}), tokenSent: false },
    { case: "an unknown key", url: () => "/v2/me", headers: () => bearer(`cnv_live_${randomBytes(32).toString("base64url")}`), tokenSent: true },
    { case: "the apiKey query parameter with a valid key", url: (key) => `/v2/me?apiKey=${key}`, headers: () => ({}), tokenSent: false },
    { case: "another scheme", url: () => "/v2/me", headers: (key) => bearer(key, "Basic"), tokenSent: true },
    { case: "a scheme without a token", url: () => "/v2/me", headers: () => ({ authorization: "Bearer" }), tokenSent: true },
    // A known API key without a scheme is accepted, as the peer does (peer-last-mile.spec.ts); an unknown one is not.
    {
      case: "an unknown key without a scheme",
      url: () => "/v2/me",
      headers: () => ({ authorization: `cnv_live_${randomBytes(32).toString("base64url")}` }),
      tokenSent: true,
    },
    { case: "two tokens", url: () => "/v2/me", headers: (key) => ({ authorization: `Bearer ${key} ${key}` }), tokenSent: true },
  ];
  for (const { case: name, url, headers, tokenSent } of cases) {
    test(`${name} with 401, a Bearer challenge and the error envelope`, async ({ request }) => {
      const { key } = await userWithKey();
      const response = await request.get(url(key), { headers: headers(key) });
      expect(response.status()).toBe(401);
      const challenge = response.headers()["www-authenticate"] ?? "";
      expect(challenge).toMatch(/^Bearer\b/);
      expect(challenge.includes('error="invalid_token"')).toBe(tokenSent);
      expect(await response.json()).toEqual({ status: "error", error: { code: "UNAUTHORIZED", message: expect.any(String) } });
    });
  }

  for (const state of ["revoked", "expired"] as const) {
    test(`a ${state} key with 401`, async ({ request }) => {
      const user = await makeUser();
      const key = await makeApiKey(user.id, state === "revoked" ? { revoked: true } : { expiresAt: new Date(Date.now() - 60_000) });
      const response = await request.get("/v2/me", { headers: bearer(key) });
      expect(response.status()).toBe(401);
      expect(response.headers()["www-authenticate"]).toMatch(/^Bearer .*error="invalid_token"/);
      expect((await response.json()).error.code).toBe("UNAUTHORIZED");
    });
  }
});

test.describe("GET /v2/me answers", () => {
  for (const scheme of ["Bearer", "bearer", "BEARER"]) {
    test(`a valid key sent with the ${scheme} scheme with the caller's MeOutput`, async ({ request }) => {
      const { user, key } = await userWithKey();
      const response = await request.get("/v2/me", { headers: bearer(key, scheme) });
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toMatch(/^application\/json/);
      const body = await response.json();
      expect(body.status).toBe("success");
      expect(Object.keys(body.data).sort()).toEqual(ME_KEYS);
      expect(body.data).toEqual({
        id: user.id,
        username: user.username,
        email: user.email,
        name: user.name,
        avatarUrl: null,
        bio: null,
        timeFormat: 24,
        defaultScheduleId: null,
        weekStart: "Monday",
        timeZone: "UTC",
        locale: "en",
        organizationId: null,
        teams: [],
      });
      expect(JSON.stringify(body)).not.toContain(DEFAULT_PASSWORD);
    });
  }

  test("each key with its own user (through the typed client)", async () => {
    const [a, b] = await Promise.all([userWithKey(), userWithKey()]);
    const [meA, meB] = await Promise.all([unwrap(conveneAs(a.key).GET("/v2/me")), unwrap(conveneAs(b.key).GET("/v2/me"))]);
    expect([meA.id, meB.id]).toEqual([a.user.id, b.user.id]);
  });
});

test.describe("PATCH /v2/me", () => {
  test("persists a valid update (through the typed client)", async () => {
    const { key } = await userWithKey();
    const convene = conveneAs(key);
    const changes = { name: "Ada Lovelace", timeZone: "Europe/Paris", timeFormat: 12, weekStart: "Sunday", locale: "fr", bio: "Analyst" } as const;
    const updated = await convene.PATCH("/v2/me", { body: changes });
    expect(updated.response.status).toBe(200);
    expect(updated.data?.data).toMatchObject(changes);
    expect(await unwrap(convene.GET("/v2/me"))).toMatchObject(changes);
  });

  const invalid: { case: string; body: Record<string, unknown>; path: string }[] = [
    { case: "unknown time zone", body: { timeZone: "Mars/Olympus" }, path: "body.timeZone" },
    { case: "offset as time zone", body: { timeZone: "+01:00" }, path: "body.timeZone" },
    { case: "timeFormat 13", body: { timeFormat: 13 }, path: "body.timeFormat" },
    { case: "unknown weekStart", body: { weekStart: "Someday" }, path: "body.weekStart" },
    { case: "a valid field beside an invalid one", body: { name: "Changed", weekStart: "monday" }, path: "body.weekStart" },
  ];
  for (const { case: name, body, path } of invalid) {
    test(`refuses ${name} with 400 naming ${path} and changes nothing`, async ({ request }) => {
      const { key } = await userWithKey();
      const before = await (await request.get("/v2/me", { headers: bearer(key) })).json();
      const response = await request.patch("/v2/me", { headers: bearer(key), data: body });
      expect(response.status()).toBe(400);
      const error = (await response.json()).error;
      expect(error.code).toBe("BAD_REQUEST");
      expect(error.details).toContainEqual({ path, message: expect.any(String) });
      expect(await (await request.get("/v2/me", { headers: bearer(key) })).json()).toEqual(before);
    });
  }

  test("refuses malformed JSON with 400", async ({ request }) => {
    const { key } = await userWithKey();
    const response = await request.patch("/v2/me", {
      headers: { ...bearer(key), "content-type": "application/json" },
      // A Buffer goes on the wire as is; a string would be JSON-encoded into a valid JSON string.
      data: Buffer.from('{"name": "Ada",'),
    });
    expect(response.status()).toBe(400);
    expect((await response.json()).error).toEqual({ code: "BAD_REQUEST", message: "Request body is not valid JSON" });
  });

  test("refuses a body over 1 MB with 413", async ({ request }) => {
    const { key } = await userWithKey();
    const before = await (await request.get("/v2/me", { headers: bearer(key) })).json();
    const response = await request.patch("/v2/me", { headers: bearer(key), data: { bio: "x".repeat(1024 * 1024 + 10) } });
    expect(response.status()).toBe(413);
    expect((await response.json()).error.code).toBe("PAYLOAD_TOO_LARGE");
    expect(await (await request.get("/v2/me", { headers: bearer(key) })).json()).toEqual(before);
  });

  test("refuses a streamed body over 1 MB sent without Content-Length with 413", async ({ baseURL }) => {
    const { key } = await userWithKey();
    const chunk = new TextEncoder().encode(" ".repeat(64 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 2 * 1024 * 1024) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const response = await fetch(`${baseURL}/v2/me`, {
      method: "PATCH",
      headers: { ...bearer(key), "content-type": "application/json" },
      body,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect((await response.json()).error.code).toBe("PAYLOAD_TOO_LARGE");
  });
});
