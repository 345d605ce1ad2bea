/** Liveness and readiness over HTTP against the production build, as a load balancer calls them. */
import { expect, test } from "../support/fixtures";

test("GET /api/health is liveness and GET /api/ready readiness: both 200 {status: ok} with the database up, never cached", async ({ request }) => {
  const health = await request.get("/api/health");
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ status: "ok" });
  const ready = await request.get("/api/ready");
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toEqual({ status: "ok" });
  expect(ready.headers()["cache-control"]).toContain("no-store");
});
