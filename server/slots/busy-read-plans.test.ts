/**
 * The busy read and the check under the host locks find a host's bookings by host AND time in the exclusion
 * constraint's GiST index, whatever plan PostgreSQL makes for them. Both run in batches with generic plans
 * (statement-batch.ts): written as `"userId" = ANY($1)`, the plan could use the index for the time alone and read
 * every host's bookings at that time (1 200 rows for 48 in the bench). The read is now one index scan per host by its
 * form (busy-rows-sql.ts, liveHostRows), which these plans show.
 * One connection (pool size 1): the statements the functions prepared are on it when they are explained.
 */
import { afterAll, beforeAll, expect, it } from "vitest";

process.env.DATABASE_POOL_SIZE = "1";
const { batch, db, disconnectDb, sql } = await import("../db/client");
const { makeUser } = await import("../../prisma/factories");
const { hostsBusyDuring, requireHostsFreeStatement, toMinuteFloor } = await import("./slot-inputs");

beforeAll(async () => disconnectDb()); // a pool opened before this file would have another size
afterAll(async () => disconnectDb());

const DAY = "2033-05-18";
const at = (time: string) => new Date(`${DAY}T${time}:00.000Z`);
const NOW = new Date("2033-05-01T00:00:00Z");

type PlanNode = {
  "Relation Name"?: string;
  "Index Cond"?: string;
  /** A bitmap heap scan's: the conditions its bitmap index scan found rows by. */
  "Recheck Cond"?: string;
  Filter?: string;
  "Actual Rows": number;
  "Actual Loops": number;
  Plans?: PlanNode[];
};

function bookingHostScans(node: PlanNode): PlanNode[] {
  const own = node["Relation Name"] === "BookingHost" ? [node] : [];
  return [...own, ...(node.Plans ?? []).flatMap(bookingHostScans)];
}

/** The statement prepared on this connection whose text contains `marker`, run again with `parameters` under EXPLAIN ANALYZE in a batch. */
async function explainPrepared(marker: string, parameters: string): Promise<PlanNode> {
  const [prepared] = await sql<{ name: string }>("SELECT name FROM pg_prepared_statements WHERE statement LIKE '%' || $1 || '%'", [marker]);
  expect(prepared, `a prepared statement containing ${marker}`).toBeDefined();
  const [explained] = await batch([{ text: `EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE "${prepared!.name}"(${parameters})`, values: [] }]);
  return (explained!.rows[0]!["QUERY PLAN"] as [{ Plan: PlanNode }])[0].Plan;
}

const literal = (value: unknown) => (value === null ? "NULL" : Array.isArray(value) ? `'{${value.join(",")}}'` : `'${String(value)}'`);

async function bookEveryHalfHour(userId: number, eventTypeId: number) {
  for (const time of ["09:00", "09:30", "10:00", "10:30", "11:00"]) {
    const [hour, minute] = time.split(":");
    const end = `${String(Number(hour) + (minute === "30" ? 1 : 0)).padStart(2, "0")}:${minute === "30" ? "00" : "30"}`;
    await db.booking.create({
      data: { eventTypeId, title: "Booked", start: at(time), end: at(end), status: "ACCEPTED", hosts: { create: [{ userId, start: at(time), end: at(end) }] } },
    });
  }
}

it("reads only the asked hosts' bookings, by an index scan per host, with other hosts booked at the same times", async () => {
  const users = [];
  for (let index = 0; index < 12; index++) users.push(await makeUser());
  const eventType = await db.eventType.create({ data: { userId: users[0]!.id, title: "Call", slug: `plans-${users[0]!.id}`, lengthInMinutes: 30 } });
  for (const user of users) await bookEveryHalfHour(user.id, eventType.id);
  const asked = [users[3]!.id, users[7]!.id];
  const blocked = { start: toMinuteFloor(at("10:00")), end: toMinuteFloor(at("10:30")) };
  const later = { start: toMinuteFloor(at("12:00")), end: toMinuteFloor(at("12:30")) };

  // The busy read before the lock (its short window reads bookings directly) and the check under it, each run as the
  // booking runs them: prepared on this connection with the batch's generic plan.
  expect([...(await hostsBusyDuring(db, asked, blocked, { now: NOW }))].sort()).toEqual([...asked].sort());
  const check = requireHostsFreeStatement(asked, blocked, { now: NOW });
  await expect(batch([check])).rejects.toMatchObject({ code: "CV409" });

  const near = (minute: number) => new Date(minute * 60_000).toISOString();
  const window = [asked, near(blocked.start - 24 * 60), near(blocked.end + 24 * 60)];
  const plans = {
    busy: await explainPrepared("AS kind, per.", [...window, null, null, NOW.toISOString(), false, null, null].map(literal).join(", ")),
    // Explained for a later half hour, when the asked hosts are free (a taken one raises): their bookings before it are read all the same.
    check: await explainPrepared("convene_require_free_slot", requireHostsFreeStatement(asked, later, { now: NOW }).values.map(literal).join(", ")),
  };
  for (const [name, plan] of Object.entries(plans)) {
    const scans = bookingHostScans(plan);
    expect(scans.length, name).toBeGreaterThan(0);
    for (const scan of scans) {
      // An index scan or a bitmap heap scan, as the statistics make it: either way its rows are found by host and time.
      const indexCondition = scan["Index Cond"] ?? scan["Recheck Cond"] ?? "";
      expect(indexCondition, name).toMatch(/"userId" = /);
      expect(indexCondition, name).not.toMatch(/ANY/);
      expect(scan.Filter ?? "", name).not.toMatch(/userId/);
    }
    // Five bookings each of the two asked hosts, one loop per host: none of the other ten hosts' sixty rows.
    expect(
      scans.reduce((rows, scan) => rows + scan["Actual Rows"] * scan["Actual Loops"], 0),
      name,
    ).toBeLessThanOrEqual(10);
  }
});
