/** Which queries can make something durable: the line between "nothing was written" and "the outcome is unknown". */
import { describe, expect, it } from "vitest";
import { canCommit } from "./query-deadline";

describe("canCommit", () => {
  it("a COMMIT commits, in or out of a transaction, alone or at the end of a batch", () => {
    expect(canCommit(["COMMIT"], true)).toBe(true);
    expect(canCommit(["INSERT INTO t VALUES (1)", "commit"], true)).toBe(true);
    expect(canCommit(["BEGIN", "INSERT INTO t VALUES (1)", "COMMIT"], false)).toBe(true);
  });

  it("inside a transaction, or a batch that opens one without committing, nothing commits", () => {
    expect(canCommit(['INSERT INTO "Booking" VALUES (1)'], true)).toBe(false);
    expect(canCommit(["BEGIN", "SELECT pg_advisory_xact_lock(1)", "UPDATE t SET n = 1"], false)).toBe(false);
  });

  it("outside a transaction, a write autocommits and a read does not", () => {
    expect(canCommit(["UPDATE t SET n = 1"], false)).toBe(true);
    expect(canCommit(["SELECT set_config('plan_cache_mode', 'force_generic_plan', true)", "INSERT INTO t VALUES (1)"], false)).toBe(true);
    expect(canCommit(["SELECT 1", "  show statement_timeout"], false)).toBe(false);
    expect(canCommit(["/* busy */\n  WITH b AS (SELECT 1) SELECT * FROM b"], false)).toBe(false);
    expect(canCommit(["WITH moved AS (DELETE FROM t RETURNING n) SELECT * FROM moved"], false)).toBe(true);
    expect(canCommit(["-- ids\nSELECT nextval('s')"], false)).toBe(false);
  });
});
