/** What every /v2 caller relies on beyond one resource: the 404 and 405 envelopes, request ids, the OpenAPI document and its page. */
import { makeApiKey, makeUser } from "../../prisma/factories";
import { disconnectDb } from "../../server/db/client";
import { expect, test } from "../support/fixtures";

test.afterAll(() => disconnectDb());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

test.describe("an unknown /v2 path", () => {
  for (const method of ["GET", "POST", "PATCH", "DELETE"]) {
    test(`${method} answers 404 in the v2 envelope`, async ({ request }) => {
      const response = await request.fetch("/v2/no/such/endpoint", { method, data: method === "GET" ? undefined : {} });
      expect(response.status()).toBe(404);
      expect(response.headers()["content-type"]).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({ status: "error", error: { code: "NOT_FOUND", message: expect.stringContaining("/v2/no/such/endpoint") } });
    });
  }
});

test("/v2 itself answers 404 in the v2 envelope, with a request id", async ({ request }) => {
  const response = await request.get("/v2");
  expect(response.status()).toBe(404);
  expect((await response.json()).error.code).toBe("NOT_FOUND");
  expect(response.headers()["x-request-id"]).toMatch(UUID);
});

test("a method a path does not serve answers 405 in the v2 envelope with Allow, and changes nothing", async ({ request }) => {
  const user = await makeUser();
  const key = await makeApiKey(user.id);
  const response = await request.delete("/v2/me", { headers: { authorization: `Bearer ${key}` } });
  expect(response.status()).toBe(405);
  expect(response.headers()["allow"]).toBe("GET, PATCH");
  expect(await response.json()).toEqual({ status: "error", error: { code: "METHOD_NOT_ALLOWED", message: expect.stringContaining("GET, PATCH") } });
  expect((await request.get("/v2/me", { headers: { authorization: `Bearer ${key}` } })).status()).toBe(200);
});

test("the API reference page lists GET /v2/me", async ({ request }) => {
  const page = await request.get("/docs/api");
  expect(page.status()).toBe(200);
  expect(await page.text()).toMatch(/GET[\s\S]{0,200}\/v2\/me/);
});

test.describe("x-request-id", () => {
  test("is echoed when the caller sends a well-formed one, on success and on refusal", async ({ request }) => {
    const user = await makeUser();
    const key = await makeApiKey(user.id);
    const ok = await request.get("/v2/me", { headers: { authorization: `Bearer ${key}`, "x-request-id": "trace-ok-1" } });
    const refused = await request.get("/v2/me", { headers: { "x-request-id": "trace-401-1" } });
    expect([ok.status(), refused.status()]).toEqual([200, 401]);
    expect(ok.headers()["x-request-id"]).toBe("trace-ok-1");
    expect(refused.headers()["x-request-id"]).toBe("trace-401-1");
  });

  test("is generated when none (or a malformed one) is sent", async ({ request }) => {
    const none = await request.get("/v2/me");
    const malformed = await request.get("/v2/me", { headers: { "x-request-id": "has spaces; and=more" } });
    const [a, b] = [none.headers()["x-request-id"], malformed.headers()["x-request-id"]];
    expect(a).toMatch(UUID);
    expect(b).toMatch(UUID);
    expect(a).not.toBe(b);
  });
});

test.describe("GET /v2/openapi.json", () => {
  test("is an OpenAPI 3.1 document listing /v2/me get and patch with their scopes", async ({ request, baseURL }) => {
    const response = await request.get("/v2/openapi.json");
    expect(response.status()).toBe(200);
    const document = await response.json();
    expect(document.openapi).toBe("3.1.0");
    expect(document.servers).toEqual([{ url: baseURL }]);
    expect(document.components.securitySchemes.bearer).toEqual({ type: "http", scheme: "bearer" });
    const me = document.paths["/v2/me"];
    expect(Object.keys(me).sort()).toEqual(["get", "patch"]);
    expect(me.get["x-required-scope"]).toBe("PROFILE_READ");
    expect(me.patch["x-required-scope"]).toBe("PROFILE_WRITE");
    expect(me.patch.requestBody.content["application/json"].schema.properties).toHaveProperty("timeZone");
  });
});
