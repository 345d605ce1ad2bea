/**
 * Issue 25: booking creation's cost does not grow with the size of the tables. POST /v2/bookings on free slots of
 * HOSTS hosts with SMALL earlier bookings between them, and of HOSTS other hosts with LARGE (each host's earlier half
 * hours, as a busy calendar's past), both in one database, measured in interleaved slices (interleaved.ts): each
 * slice's throughput on the large hosts against the small hosts' slice next to it. Target: at least (1 − MAX_CHANGE)
 * of it. BENCH_SCALE_BOOKINGS overrides LARGE.
 */
import { sql } from "../../server/db/client";
import { MAX_SLICE_SETS, measureInterleaved, setOf, sliceRatios, untilDecided } from "./interleaved";
import { measure, type Load } from "./measure";
import { queuesIdle } from "./queues-idle";
import { V, freeSlotBookings } from "./scenarios/bookings";
import type { Probe } from "./scenario";
import { sliceSpread } from "./stats";

const SMALL = 1_000;
const LARGE = Number(process.env.BENCH_SCALE_BOOKINGS ?? 1_000_000);
/**
 * Measured bookings per size, in SLICES slices of 400: a slice of 200 bookings (about 0.4 s) let one-time costs
 * (cold pages, the plans every connection makes again after ANALYZE) weigh on it; probes gave −12 % and −18 % then.
 */
const BOOKINGS = 3_200;
/** Bodies for every set of slices the figure may take (interleaved.ts untilDecided): only the sets measured are sent. */
const BODIES = BOOKINGS * MAX_SLICE_SETS;
/** Each size's warm-up, on other free slots of the same hosts: both measurements start from the same state. */
const WARMUP_BOOKINGS = 300;
const HOSTS = 25;
const MAX_CHANGE = 0.1;

/** `count` bookings of `hostIds` (an equal share each) ending before now, half an hour each: one statement per table. */
async function seedHistory(hostIds: number[], count: number) {
  await sql(
    `WITH made AS (
       INSERT INTO "Booking" (uid, title, start, "end", status, metadata, "updatedAt")
       SELECT gen_random_uuid()::text, 'History ' || ($1::int[])[1 + n % cardinality($1::int[])], ts, ts + interval '30 minutes', 'ACCEPTED', '{}', now()
         FROM generate_series(0, $2::int - 1) AS n,
              LATERAL (SELECT date_trunc('hour', now() AT TIME ZONE 'UTC') - interval '1 day' - (n / cardinality($1::int[])) * interval '30 minutes' AS ts) AS t
       RETURNING id, start, "end", title)
     INSERT INTO "BookingHost" ("bookingId", "userId", start, "end", "isLive")
     SELECT id, substring(title FROM 9)::int, start, "end", true FROM made`,
    [hostIds, count],
  );
  // VACUUM and CHECKPOINT too: a million rows inserted at once leave autovacuum a whole table to catch up on (its
  // visibility map, the GiST index's cleanup) and the checkpointer a few hundred megabytes to write, which they would
  // do during the measurement, on the same two cores. A table that grew by bookings was vacuumed as it grew.
  await sql(`VACUUM "Booking", "BookingHost"`);
  await sql("ANALYZE");
  await sql("CHECKPOINT");
}

type Bodies = Awaited<ReturnType<typeof freeSlotBookings>>;

const probe = (bodies: Bodies): Probe => ({ method: "POST", path: "/v2/bookings", headers: V, ...bodies, expectStatus: 201 });

/** HOSTS hosts of their own with `history` earlier bookings between them; measured bookings and warm-up bookings on their free slots. */
async function hostsWithHistory(history: number, addressPrefix: string, warmupPrefix: string) {
  const hostIds: number[] = [];
  const measured = await freeSlotBookings(BODIES, 2, HOSTS, { addressPrefix, withHost: async ({ host }) => void hostIds.push(host.id) });
  const warmup = await freeSlotBookings(WARMUP_BOOKINGS, 40, HOSTS, { addressPrefix: warmupPrefix });
  // The warm-up books the same hosts, weeks later (its own event types are only where the bodies came from).
  const eventTypeOf = (i: number) => JSON.parse(measured.bodies![i % HOSTS]!).eventTypeId as number;
  const onSameHosts = warmup.bodies!.map((body, i) => JSON.stringify({ ...JSON.parse(body), eventTypeId: eventTypeOf(i) }));
  await seedHistory(hostIds, history);
  return { measured, warmup: { ...warmup, bodies: onSameHosts } };
}

export async function bookingCostAtScale(baseUrl: string, load: Load) {
  const small = await hostsWithHistory(SMALL, "10.86", "10.87");
  const large = await hostsWithHistory(LARGE, "10.88", "10.89");
  await measure(baseUrl, probe(small.warmup), load);
  await measure(baseUrl, probe(large.warmup), load);
  await queuesIdle();
  // More slices while the change's interval straddles −MAX_CHANGE: as a ratio, 1 − MAX_CHANGE.
  const {
    bare: before,
    measured: after,
    ratios,
  } = await untilDecided({ atLeast: 1 - MAX_CHANGE }, async (set) => {
    const [before, after] = await measureInterleaved(baseUrl, [setOf(probe(small.measured), set), setOf(probe(large.measured), set)], load);
    return { bare: before!, measured: after!, ratios: sliceRatios(after!.slices, before!.slices, (m) => m.requestsPerSecond) };
  });
  const changes = ratios.map((ratio) => ratio - 1);
  return { small: SMALL, large: LARGE, before: before.all, after: after.all, change: sliceSpread(changes), maxChange: MAX_CHANGE };
}
