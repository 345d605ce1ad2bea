/**
 * /api/trpc serves Convene's own pages only (server/trpc/same-origin.ts): a request a browser marks as
 * coming from another site is a 403 before any procedure runs, since the embed's SameSite=None session
 * cookie would otherwise go along with it.
 */
import { randomBytes } from "node:crypto";
import { db, disconnectDb } from "../../server/db/client";
import { expect, test } from "../support/fixtures";

test.afterAll(() => disconnectDb());

const signUp = (email: string) => ({ data: { email, password: "correct horse battery staple 42" } });

test("a foreign Origin or a cross-site fetch is refused; the same origin is served", async ({ request, baseURL }) => {
  const email = `trpc-${randomBytes(4).toString("hex")}@example.test`;
  const foreign = await request.post("/api/trpc/auth.signUp", {
    headers: { origin: "https://evil.example.test", "sec-fetch-site": "cross-site" },
    ...signUp(email),
  });
  expect(foreign.status()).toBe(403);
  expect((await foreign.json()).error.data.code).toBe("FORBIDDEN");
  const originOnly = await request.post("/api/trpc/auth.signUp", { headers: { origin: "https://evil.example.test" }, ...signUp(email) });
  expect(originOnly.status()).toBe(403);
  expect(await db.user.count({ where: { email } })).toBe(0);

  const crossSiteQuery = await request.get("/api/trpc/apiKeys.list", { headers: { "sec-fetch-site": "cross-site" } });
  expect(crossSiteQuery.status()).toBe(403);
  const sameSite = await request.get("/api/trpc/apiKeys.list", { headers: { "sec-fetch-site": "same-site", origin: "https://other.localhost" } });
  expect(sameSite.status()).toBe(403);

  const same = await request.post("/api/trpc/auth.signUp", { headers: { origin: baseURL!, "sec-fetch-site": "same-origin" }, ...signUp(email) });
  expect(same.status()).toBe(200);
  expect(await db.user.count({ where: { email } })).toBe(1);
  // Past the check, procedures answer as before: this one needs a session.
  expect((await request.get("/api/trpc/apiKeys.list", { headers: { origin: baseURL!, "sec-fetch-site": "same-origin" } })).status()).toBe(401);
});
