/**
 * Issue 25: booking creation's cost does not grow with the size of the tables. POST /v2/bookings on free slots is
 * measured against the bare handler (interleaved.ts) with SMALL existing bookings, then again after the same hosts'
 * history has grown to LARGE (each host's earlier half hours, as a busy calendar's past), on other free slots.
 * Target: the large ratio at least (1 − MAX_CHANGE) × the small one. BENCH_SCALE_BOOKINGS overrides LARGE.
 */
import { sql } from "../../server/db/client";
import { measureAgainstBare } from "./interleaved";
import { measure, type Load } from "./measure";
import { queuesIdle } from "./queues-idle";
import { V, freeSlotBookings } from "./scenarios/bookings";

const SMALL = 1_000;
const LARGE = Number(process.env.BENCH_SCALE_BOOKINGS ?? 1_000_000);
/**
 * Measured bookings per size: three slices of 500 against the bare handler, as the booking scenario has. (With 600, a
 * slice was 200 bookings, about 0.4 s: one-time costs after the seeding, cold pages and the plans every connection
 * makes again after ANALYZE, weighed on it. Probes gave −12 % and −18 % with 600, +7 % and +8 % with 1 500.)
 */
const BOOKINGS = 1_500;
/** Each size's warm-up, on other free slots of the same hosts: both measurements start from the same state. */
const WARMUP_BOOKINGS = 200;
const HOSTS = 25;
const MAX_CHANGE = 0.1;

/** Bookings of `hostIds` (an equal share each) ending before now, half an hour each, numbered from `from`: one statement per table. */
async function seedHistory(hostIds: number[], from: number, to: number) {
  await sql(
    `WITH made AS (
       INSERT INTO "Booking" (uid, title, start, "end", status, metadata, "updatedAt")
       SELECT gen_random_uuid()::text, 'History ' || ($1::int[])[1 + n % cardinality($1::int[])], ts, ts + interval '30 minutes', 'ACCEPTED', '{}', now()
         FROM generate_series($2::int, $3::int - 1) AS n,
              LATERAL (SELECT date_trunc('hour', now() AT TIME ZONE 'UTC') - interval '1 day' - (n / cardinality($1::int[])) * interval '30 minutes' AS ts) AS t
       RETURNING id, start, "end", title)
     INSERT INTO "BookingHost" ("bookingId", "userId", start, "end", "isLive")
     SELECT id, substring(title FROM 9)::int, start, "end", true FROM made`,
    [hostIds, from, to],
  );
  // VACUUM and CHECKPOINT too: a million rows inserted at once leave autovacuum a whole table to catch up on (its
  // visibility map, the GiST index's cleanup) and the checkpointer a few hundred megabytes to write, which they would
  // do during the measurement, on the same two cores. A table that grew by bookings was vacuumed as it grew.
  await sql(`VACUUM "Booking", "BookingHost"`);
  await sql("ANALYZE");
  await sql("CHECKPOINT");
}

export async function bookingCostAtScale(baseUrl: string, load: Load) {
  const hostIds: number[] = [];
  const withHost = async (made: { host: { id: number } }) => void hostIds.push(made.host.id);
  const small = await freeSlotBookings(BOOKINGS, 2, HOSTS, { addressPrefix: "10.81", withHost });
  const onSameHosts = (bodies: string[]) =>
    bodies.map((body, i) => JSON.stringify({ ...JSON.parse(body), eventTypeId: JSON.parse(small.bodies![i % HOSTS]!).eventTypeId }));
  const warmup = await freeSlotBookings(WARMUP_BOOKINGS, 40, HOSTS, { addressPrefix: "10.82" });
  await seedHistory(hostIds, 0, SMALL);
  const probe = (bodies: Awaited<ReturnType<typeof freeSlotBookings>>) => ({
    method: "POST" as const,
    path: "/v2/bookings",
    headers: V,
    ...bodies,
    expectStatus: 201,
  });
  await measure(baseUrl, probe({ ...warmup, bodies: onSameHosts(warmup.bodies!) }), load);
  await queuesIdle();
  const before = await measureAgainstBare(baseUrl, probe(small), load);
  await seedHistory(hostIds, SMALL, LARGE);
  // The same hosts, other free slots (a week later): their calendars are as empty around them as the first ones were.
  const large = await freeSlotBookings(BOOKINGS, 9, HOSTS, { addressPrefix: "10.83" });
  const sameHosts = onSameHosts(large.bodies!);
  const largeWarmup = await freeSlotBookings(WARMUP_BOOKINGS, 60, HOSTS, { addressPrefix: "10.84" });
  await measure(baseUrl, probe({ ...largeWarmup, bodies: onSameHosts(largeWarmup.bodies!) }), load);
  await queuesIdle();
  const after = await measureAgainstBare(baseUrl, probe({ ...large, bodies: sameHosts }), load);
  const smallRatio = before.measured.requestsPerSecond / before.bare.requestsPerSecond;
  const largeRatio = after.measured.requestsPerSecond / after.bare.requestsPerSecond;
  const change = largeRatio / smallRatio - 1;
  return { small: SMALL, large: LARGE, smallRatio, largeRatio, change, maxChange: MAX_CHANGE, pass: change >= -MAX_CHANGE, before, after };
}
