import { describe, expect, it } from "vitest";
import { isReservedUsername } from "../users/reserved-usernames";
import { matchV1Operation, v1GoneForRawTarget, v1GoneMessage } from "./v1-gone";
import { V1_DIFFERENCES } from "./v1-migration";

/** A concrete request for an operation template: `{id}` filled in, `*` as the given method. */
const concrete = (operation: string, anyMethod = "GET") => {
  const [method, template] = operation.split(" ") as [string, string];
  return { method: method === "*" ? anyMethod : method, path: template.replace(/\{[^}]+\}/g, "123") };
};

describe("the differences table", () => {
  it("has the spec's twelve rows, each with a v1 operation, a replacement and a before and after request", () => {
    expect(V1_DIFFERENCES.map((row) => row.area)).toEqual([
      "Create booking body",
      "Booking response times",
      "List bookings",
      "Cancel booking",
      "Reschedule",
      "Event type length",
      "Event type location kind",
      "Update event type",
      "Schedule availability",
      "Webhook triggers",
      "Slots",
      "Current user",
    ]);
    for (const row of V1_DIFFERENCES) {
      expect(row.v1Operations.length, row.area).toBeGreaterThan(0);
      expect(row.before, row.area).toMatch(/^(\(.*\)\n)?[A-Z]+ \/v1\//);
      expect(row.after, row.area).toMatch(/^[A-Z]+ \/v2\//);
    }
  });
});

describe("v1GoneMessage", () => {
  it.each(V1_DIFFERENCES.flatMap((row) => row.v1Operations.map((operation) => [row.area, operation] as const)))(
    "%s: %s names that row's replacement and links the guide at its section",
    (area, operation) => {
      const { method, path } = concrete(operation, "POST");
      const row = V1_DIFFERENCES.find((candidate) => candidate.area === area)!;
      const message = v1GoneMessage(method, path);
      expect(message).toContain("shut down on 2026-04-08");
      expect(message).toContain(`${area}: ${row.replacement}.`);
      expect(message).toMatch(/Migration guide: https?:\/\/[^ ]+\/docs\/migrate-v1#[a-z0-9-]+$/);
    },
  );

  it("names the issue's two examples", () => {
    expect(v1GoneMessage("DELETE", "/v1/bookings")).toContain("POST /v2/bookings/{uid}/cancel");
    expect(v1GoneMessage("GET", "/v1/slots/available")).toMatch(/GET \/v2\/slots\/available .*full ISO 8601 timestamps/);
  });

  it("a POST /v1/bookings was a create or a reschedule: both replacements are named", () => {
    expect(matchV1Operation("POST", "/v1/bookings")?.differences.map((row) => row.area)).toEqual(["Create booking body", "Reschedule"]);
  });

  it("HEAD is matched as GET and a trailing slash is ignored", () => {
    expect(matchV1Operation("HEAD", "/v1/slots/available/")?.template).toBe("/v1/slots/available");
  });

  it.each([
    ["GET", "/v1"],
    ["OPTIONS", "/v1/bookings"],
    ["PUT", "/v1/event-types/1"],
    ["GET", "/v1/bookings/1/2/3"],
    ["GET", "/v1/unknown"],
  ])("%s %s matches no operation: a generic answer pointing at v2 and the guide", (method, path) => {
    expect(matchV1Operation(method, path)).toBeNull();
    expect(v1GoneMessage(method, path)).toMatch(/no direct v2 counterpart.*\/docs\/api.*Migration guide: \S+\/docs\/migrate-v1$/);
  });

  it("echoes neither the path nor the query", () => {
    expect(v1GoneMessage("GET", "/v1/users/secret-looking-value")).not.toContain("secret-looking-value");
    expect(v1GoneMessage("GET", "/v1/whatever-secret")).not.toContain("whatever-secret");
  });
});

describe("v1GoneForRawTarget", () => {
  it.each(["/v1/%ZZ", "/v1/a/../b", "/v1/..", "/v1//bookings", "/v1/bookings/", "/v1/./me?apiKey=k", "/v1/%2e%2e/v2/me"])(
    "answers %s (which Next.js would resolve, redirect or fail on) with 410 and a bare message",
    async (target) => {
      const response = v1GoneForRawTarget("GET", target);
      expect(response?.status).toBe(410);
      expect(Object.keys(await response!.json())).toEqual(["message"]);
    },
  );

  it.each(["/v1", "/v1/bookings?apiKey=k", "/v2/me", "/v10/x", "/api/health"])("leaves %s to routing", (target) => {
    expect(v1GoneForRawTarget("GET", target)).toBeNull();
  });
});

it("v1 is a reserved username: /v1/{slug} is the 410 route, not a booking page", () => {
  expect(isReservedUsername("v1")).toBe(true);
});
