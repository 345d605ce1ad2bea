/**
 * Round-robin measurements (issue 11), each a ratio to figures taken in the same run:
 * - contention: ROUNDS rounds of 50 simultaneous POST /v2/bookings for one slot of a 50-host round-robin event type.
 *   With 50 free hosts every round must give 50 × 201 with 50 distinct hosts; with 10 free hosts (the other 40 booked
 *   elsewhere at that time) exactly 10 × 201 and 40 × 409; never a 5xx. The round time is reported against ROUNDS
 *   rounds of 50 simultaneous bare-handler requests interleaved with them, as the one-host contention's is.
 * - slots: GET /v2/slots/available over 30 days for a 50-host round-robin event type whose hosts have 15 000 bookings
 *   and a day out of office each, as a p50 ratio to the one-host listing and to the bare handler under the same load
 *   (target: at most MAX_SLOTS_RATIO × the one-host p50), the three measured in interleaved slices, with where its
 *   time goes (Server-Timing).
 * Each booking request comes from its own address with its own attendee, so the per-caller and per-attendee booking
 * limits stay out of the figures (the bench server trusts one proxy hop).
 */
import { attendee, utcAt } from "../../prisma/scheduling-factories";
import { makeTeamEventType } from "../../prisma/team-factories";
import { sql } from "../../server/db/client";
import { bareRound, CONTENDERS, interleavedRounds, MAX_ROUND_SETS, p95Decided, p95Ratio, ROUNDS } from "./bookings-at-scale";
import { measureInterleaved, sliceRatios } from "./interleaved";
import { queuesIdle } from "./queues-idle";
import { measure, type Load } from "./measure";
import { formatPhaseSplit, phaseSplit } from "./phase-split";
import { BARE_HANDLER, type Probe } from "./scenario";
import { slotsScenario } from "./scenarios/slots";
import { percentile, sliceSpread } from "./stats";

const HOSTS = 50;
const SEEDED_BOOKINGS = 15_000;
const MAX_SLOTS_RATIO = 3;
/** Issue 25: 50 simultaneous bookings of one slot with 50 free hosts, round p95 at most this × the bare handler's 50-request round. */
export const MAX_FREE_ROUND_RATIO = 4;
const V = { "svc-api-version": "2024-08-13", "content-type": "application/json" };

type Round = { statuses: number[]; hostIds: number[] };

/** The start of round `round`: a distinct hour, from the day after tomorrow on. */
const slotOf = (round: number) => utcAt(2 + Math.floor(round / 24), round % 24);

/** Round `round` of CONTENDERS simultaneous bookings of one slot of `eventTypeId`; its statuses and booked hosts go to `outcomes[round]`. */
function bookingRound(baseUrl: string, eventTypeId: number, addressPrefix: string, outcomes: Round[]) {
  return (round: number) => {
    const bodies = Array.from({ length: CONTENDERS }, (_, i) =>
      JSON.stringify({ eventTypeId, start: slotOf(round).toISOString(), attendee: attendee(`Booker ${round} ${i}`) }),
    );
    const outcome: Round = { statuses: [], hostIds: [] };
    outcomes[round] = outcome;
    let next = 0;
    return () => {
      const i = next++;
      // A distinct address per request of every round (up to MAX_ROUND_SETS × ROUNDS rounds of CONTENDERS).
      const headers = { ...V, "x-forwarded-for": `${addressPrefix}.${round % 250}.${i + CONTENDERS * Math.floor(round / 250)}` };
      return fetch(`${baseUrl}/v2/bookings`, { method: "POST", headers, body: bodies[i] }).then(async (response) => {
        const body = (await response.clone().json()) as { data?: { hosts?: { id: number }[] } };
        outcome.statuses.push(response.status);
        if (response.status === 201) outcome.hostIds.push(...(body.data?.hosts ?? []).map(({ id }) => id));
        return response;
      });
    };
  };
}

/** `hostIds` booked (another, deleted event type: no event type) at each round's slot. The title carries the host id to the BookingHost insert. */
async function occupyRounds(hostIds: number[]) {
  const starts = Array.from({ length: MAX_ROUND_SETS * ROUNDS }, (_, round) => slotOf(round).toISOString());
  await sql(
    `WITH made AS (
       INSERT INTO "Booking" (uid, title, start, "end", status, metadata, "updatedAt")
       SELECT gen_random_uuid()::text, 'Elsewhere ' || h, s, s + interval '1 hour', 'ACCEPTED', '{}', now()
         FROM unnest($1::int[]) AS h, unnest($2::timestamp[]) AS s
       RETURNING id, start, "end", title)
     INSERT INTO "BookingHost" ("bookingId", "userId", start, "end", "isLive")
     SELECT id, substring(title FROM 11)::int, start, "end", true FROM made`,
    [hostIds, starts],
  );
}

export async function roundRobinContention(baseUrl: string) {
  const hours = { startMinute: 0, endMinute: 24 * 60 };
  const all = await makeTeamEventType({ hosts: HOSTS, schedulingType: "ROUND_ROBIN", hours });
  const ten = await makeTeamEventType({ hosts: HOSTS, schedulingType: "ROUND_ROBIN", hours });
  await occupyRounds(ten.hostIds.slice(10));
  // Warm the route up (first compilation of the round-robin path) on other days.
  await Promise.all(Array.from({ length: 10 }, (_, i) => bookOnce(baseUrl, all.eventType.id, utcAt(20, i), `10.91.0.${i}`)));
  const outcomes = { free: [] as Round[], scarce: [] as Round[] };
  const [bare, free, scarce] = await interleavedRounds(
    [bareRound(baseUrl), bookingRound(baseUrl, all.eventType.id, "10.92", outcomes.free), bookingRound(baseUrl, ten.eventType.id, "10.93", outcomes.scarce)],
    p95Decided(1, 0, MAX_FREE_ROUND_RATIO),
  );
  const failures = [
    ...outcomes.free.flatMap(({ statuses, hostIds }, round) =>
      statuses.every((status) => status === 201) && new Set(hostIds).size === CONTENDERS
        ? []
        : [`50 free, round ${round}: ${summary(statuses)}, ${new Set(hostIds).size} hosts`],
    ),
    ...outcomes.scarce.flatMap(({ statuses, hostIds }, round) => {
      const created = statuses.filter((status) => status === 201).length;
      const conflicts = statuses.filter((status) => status === 409).length;
      const distinct = new Set(hostIds).size;
      return created === 10 && conflicts === CONTENDERS - 10 && distinct === 10 ? [] : [`10 free, round ${round}: ${summary(statuses)}, ${distinct} hosts`];
    }),
  ];
  const figures = (times: number[]) => ({ p50: percentile(times, 0.5), p95: percentile(times, 0.95), ratio: p95Ratio(times, bare!.times) });
  return {
    rounds: free!.times.length,
    contenders: CONTENDERS,
    bareP50: percentile(bare!.times, 0.5),
    bareP95: percentile(bare!.times, 0.95),
    free: figures(free!.times),
    scarce: figures(scarce!.times),
    failures,
    maxFreeRatio: MAX_FREE_ROUND_RATIO,
  };
}

function bookOnce(baseUrl: string, eventTypeId: number, start: Date, address: string) {
  const body = JSON.stringify({ eventTypeId, start: start.toISOString(), attendee: attendee() });
  return fetch(`${baseUrl}/v2/bookings`, { method: "POST", headers: { ...V, "x-forwarded-for": address }, body }).then((response) => response.arrayBuffer());
}

const summary = (statuses: number[]) =>
  Object.entries(statuses.reduce<Record<number, number>>((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {}))
    .map(([status, count]) => `${count} × ${status}`)
    .join(", ");

/**
 * SEEDED_BOOKINGS bookings of the event type spread over its hosts and the 30 days listed (10 of each host's 16 working
 * half hours a day, a different 10 per host and day), and one day out of office per host. The title carries the host
 * id to the BookingHost insert.
 */
export async function seedBusyHosts(eventTypeId: number, hostIds: number[]) {
  const perHostAndDay = SEEDED_BOOKINGS / hostIds.length / 30;
  await sql(
    `WITH made AS (
       INSERT INTO "Booking" (uid, "eventTypeId", title, start, "end", status, metadata, "updatedAt")
       SELECT gen_random_uuid()::text, $2, 'Seeded ' || h.id, ts, ts + interval '30 minutes', 'ACCEPTED', '{}', now()
         FROM unnest($1::int[]) WITH ORDINALITY AS h(id, n), generate_series(1, 30) AS d, generate_series(0, $4::int - 1) AS k,
              LATERAL (SELECT $3::timestamp + d * interval '1 day' + interval '9 hours' + ((k * 3 + h.n + d) % 16) * interval '30 minutes' AS ts) AS t
       RETURNING id, start, "end", title)
     INSERT INTO "BookingHost" ("bookingId", "userId", start, "end", "isLive")
     SELECT id, substring(title FROM 8)::int, start, "end", true FROM made`,
    [hostIds, eventTypeId, utcAt(0, 0).toISOString(), perHostAndDay],
  );
  await sql(
    `INSERT INTO "OutOfOffice" (uid, "userId", start, "end", "updatedAt")
     SELECT gen_random_uuid()::text, h.id, $2::timestamp + (1 + h.n % 30) * interval '1 day', $2::timestamp + (2 + h.n % 30) * interval '1 day', now()
       FROM unnest($1::int[]) WITH ORDINALITY AS h(id, n)`,
    [hostIds, utcAt(0, 0).toISOString()],
  );
  await sql("ANALYZE");
}

export async function roundRobinSlots(baseUrl: string, load: Load) {
  const { eventType, hostIds } = await makeTeamEventType({ hosts: HOSTS, schedulingType: "ROUND_ROBIN" });
  await seedBusyHosts(eventType.id, hostIds);
  const query = new URLSearchParams({ eventTypeId: String(eventType.id), startTime: utcAt(1, 0).toISOString(), endTime: utcAt(31, 0).toISOString() });
  const team: Probe = { path: `/v2/slots/available?${query}`, expectStatus: 200 };
  const single = await slotsScenario.prepare(baseUrl);
  const warmup = { ...load, durationSeconds: 2 };
  // The contention rounds before this leave their bookings' mails to send: not while these are measured.
  await queuesIdle();
  await measure(baseUrl, team, warmup);
  const [bare, one, fifty] = await measureInterleaved(baseUrl, [BARE_HANDLER, single, team], load);
  await phaseSplit(baseUrl, team, 10); // warm-up
  const split = formatPhaseSplit(`GET /v2/slots/available, ${HOSTS}-host round robin, 30 d`, await phaseSplit(baseUrl, team, 40));
  const p50 = (m: { p50: number }) => m.p50;
  return {
    hosts: HOSTS,
    bookings: SEEDED_BOOKINGS,
    bare: bare!.all,
    one: one!.all,
    fifty: fifty!.all,
    vsOneHost: sliceSpread(sliceRatios(fifty!.slices, one!.slices, p50)),
    vsBare: sliceSpread(sliceRatios(fifty!.slices, bare!.slices, p50)),
    target: MAX_SLOTS_RATIO,
    split,
  };
}
