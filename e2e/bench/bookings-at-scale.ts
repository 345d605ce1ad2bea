/**
 * Two booking measurements that are not a steady request stream:
 * - contention: ROUNDS rounds of 50 simultaneous POST /v2/bookings for one slot; each round must give
 *   exactly one 201 and 49 × 409, never a 5xx. Its round time is a ratio, like every figure here: ROUNDS rounds of
 *   50 simultaneous requests to the bare route handler, each right before or after a booking round (interleaved.ts),
 *   and the target is a p95 at most MAX_ROUND_RATIO times theirs, with a bootstrap interval over the rounds.
 *   (Issue 10 asked for 150 ms; on these machines 50 simultaneous bare requests alone take 190–260 ms at p95, so no
 *   absolute figure below that can hold.)
 * - listing: GET /v2/bookings page 1 and page 100 (take 100) for a host with 100 000 bookings, requested in turn;
 *   target: the page-100 p50 at most 1.2 × the page-1 p50.
 * - organization listing: GET /v2/organizations/{orgId}/bookings, the same pages over 100 000 bookings in 20 teams of
 *   the organization (each booked by a member of it, so both of bookingsOfOrganization's branches match), for its
 *   admin; the same target.
 */
import { makeApiKey, makeUser } from "../../prisma/factories";
import { makeHostWithEventType, attendee, utcAt } from "../../prisma/scheduling-factories";
import { addMember, makeTeam } from "../../prisma/team-factories";
import { db, sql } from "../../server/db/client";
import { interleave } from "./interleaved";
import { BARE_HANDLER } from "./scenario";
import { bootstrap, percentile, verdictOf, type Spread } from "./stats";

/**
 * Rounds per side. The p95 of 20 rounds was their second slowest: runs on an idle machine gave ratios from 0.98 to
 * 1.75, and 1.29 and 2.30 an hour apart. With 40 each, interleaved, the p95 was still the second slowest and its
 * bootstrap interval as wide as 0.84 to 2.51 on a quiet machine (a verdict that flipped from run to run); with 120 it
 * is the sixth slowest, and a round costs a fifth of a second.
 */
export const ROUNDS = 120;
export const CONTENDERS = 50;
const BOOKINGS = 100_000;
const LIST_SAMPLES = 60;
/** The first requests of each page warm caches and prepared plans. */
const LIST_WARMUP = 5;
/** One booking and 49 quick 409s may cost at most twice what 50 bare requests cost. */
const MAX_ROUND_RATIO = 2;
const MAX_PAGE_RATIO = 1.2;
const V = { "svc-api-version": "2024-08-13", "content-type": "application/json" };

export type Rounds = { times: number[]; statuses: number[][] };

/** CONTENDERS simultaneous requests made by `send`: how long until the last answered, and each one's status. */
async function oneRound(send: () => Promise<Response>) {
  const startedAt = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: CONTENDERS }, () => send().then(async (response) => (await response.arrayBuffer(), response.status))),
  );
  return { time: performance.now() - startedAt, statuses };
}

/** ROUNDS rounds of each side's CONTENDERS simultaneous requests (made by `side(round)`, from round `first` on), the sides' rounds interleaved. */
async function interleavedRoundSet(sides: readonly ((round: number) => () => Promise<Response>)[], first: number): Promise<Rounds[]> {
  const measured = await interleave(
    sides.map((request) => (round: number) => oneRound(request(first + round))),
    ROUNDS,
  );
  return measured.map((side) => ({ times: side.map(({ time }) => time), statuses: side.map(({ statuses }) => statuses) }));
}

/** At most this many sets of ROUNDS rounds per side: a figure's rounds are made for as many (distinct slots, hosts taken). */
export const MAX_ROUND_SETS = 3;

/**
 * Sets of ROUNDS interleaved rounds (round numbers 0, 1, … across sets) while `decided(rounds)` says the figure's
 * interval still straddles its target, up to MAX_ROUND_SETS sets: near its target, the p95 of 120 rounds straddles it
 * in one run and not in the next (issue 36). Without `decided`, one set.
 */
export async function interleavedRounds(
  sides: readonly ((round: number) => () => Promise<Response>)[],
  decided: (rounds: Rounds[]) => boolean = () => true,
): Promise<Rounds[]> {
  let rounds = await interleavedRoundSet(sides, 0);
  for (let set = 1; set < MAX_ROUND_SETS && !decided(rounds); set++) {
    const more = await interleavedRoundSet(sides, set * ROUNDS);
    rounds = rounds.map((side, index) => ({ times: [...side.times, ...more[index]!.times], statuses: [...side.statuses, ...more[index]!.statuses] }));
  }
  return rounds;
}

/** Whether the p95 ratio of side `measured` over side `baseline` is decided against at most `target` (for interleavedRounds). */
export const p95Decided =
  (measured: number, baseline: number, target: number) =>
  (rounds: Rounds[]): boolean =>
    verdictOf(p95Ratio(rounds[measured]!.times, rounds[baseline]!.times), { atMost: target }) !== "inconclusive";

/** The bare handler's side of interleavedRounds. */
export const bareRound = (baseUrl: string) => () => () => fetch(`${baseUrl}${BARE_HANDLER.path}`);

/** p95 of `rounds` over p95 of `bare`, with its bootstrap interval over the rounds. */
export const p95Ratio = (rounds: readonly number[], bare: readonly number[]): Spread =>
  bootstrap([rounds, bare], ([measured, baseline]) => percentile(measured!, 0.95) / percentile(baseline!, 0.95), "rounds");

export async function contention(baseUrl: string) {
  const { eventType } = await makeHostWithEventType({ hours: { startMinute: 0, endMinute: 24 * 60 } });
  const [bare, race] = await interleavedRounds(
    [
      bareRound(baseUrl),
      (round) => {
        const body = JSON.stringify({ eventTypeId: eventType.id, start: utcAt(2 + Math.floor(round / 24), round % 24).toISOString(), attendee: attendee() });
        let next = 0;
        // Each request from an address of its own, as real bookers are: from one address, the per-caller booking limits
        // (booking-rate-limit.ts) answer 429 after about fifty rounds, and the figure would time refusals.
        return () => {
          const contender = CONTENDERS * round + next++;
          const headers = { ...V, "x-forwarded-for": `10.95.${Math.floor(contender / 250)}.${contender % 250}` };
          return fetch(`${baseUrl}/v2/bookings`, { method: "POST", headers, body });
        };
      },
    ],
    p95Decided(1, 0, MAX_ROUND_RATIO),
  );
  const failures = race!.statuses.flatMap((statuses, round) => {
    const created = statuses.filter((status) => status === 201).length;
    const conflicts = statuses.filter((status) => status === 409).length;
    return created === 1 && conflicts === CONTENDERS - 1 ? [] : [`round ${round}: ${JSON.stringify(statuses.sort())}`];
  });
  return {
    rounds: race!.times.length,
    contenders: CONTENDERS,
    p50: percentile(race!.times, 0.5),
    p95: percentile(race!.times, 0.95),
    bareP50: percentile(bare!.times, 0.5),
    bareP95: percentile(bare!.times, 0.95),
    ratio: p95Ratio(race!.times, bare!.times),
    maxRatio: MAX_ROUND_RATIO,
    failures,
  };
}

/**
 * `count` bookings (100 000 by default) written in one statement (fixtures of state, not of the booking flow), an hour
 * apart; `offsetMinutes` shifts them so that several event types' bookings interleave rather than tie.
 */
async function seedBookings(hostId: number, eventTypeId: number, count = BOOKINGS, offsetMinutes = 0) {
  await sql(
    `WITH made AS (
       INSERT INTO "Booking" (uid, "eventTypeId", title, start, "end", status, metadata, "updatedAt")
       SELECT gen_random_uuid()::text, $2, 'Seeded', ts, ts + interval '30 minutes', 'ACCEPTED', '{}', now()
         FROM generate_series(1, $3::int) AS n,
              LATERAL (SELECT timestamp '2030-01-01' + n * interval '1 hour' + $4::int * interval '1 minute' AS ts) AS t
       RETURNING id, start, "end")
     INSERT INTO "BookingHost" ("bookingId", "userId", start, "end", "isLive") SELECT id, $1, start, "end", true FROM made`,
    [hostId, eventTypeId, count, offsetMinutes],
  );
  await sql(
    `INSERT INTO "Attendee" ("bookingId", name, email, "timeZone") SELECT id, 'Seeded', 'seeded@example.test', 'UTC' FROM "Booking" WHERE "eventTypeId" = $1`,
    [eventTypeId],
  );
  await sql("ANALYZE");
}

/** p50 of `page` over p50 of `first`, with its bootstrap interval over the requests. */
const p50Ratio = (page: readonly number[], first: readonly number[]) =>
  bootstrap([page, first], ([measured, baseline]) => percentile(measured!, 0.5) / percentile(baseline!, 0.5), "requests");

/**
 * Page 1, page 100 by skip and page 100 by cursor (take 100) of the list at `path`, requested in turn (1, 100, cursor,
 * cursor, 100, 1, …): p50s, and each page 100's p50 as a ratio to page 1's.
 */
async function pages(baseUrl: string, path: string, apiKey: string) {
  const headers = { ...V, authorization: `Bearer ${apiKey}` };
  const time = (search: string) => async () => {
    const startedAt = performance.now();
    const response = await fetch(`${baseUrl}${path}?take=100&${search}`, { headers });
    const body = (await response.json()) as { data: unknown[] };
    if (response.status !== 200 || body.data.length !== 100) throw new Error(`GET ${path} ${search}: ${response.status}`);
    return performance.now() - startedAt;
  };
  // Page 99's nextCursor points at page 100.
  const page99 = (await (await fetch(`${baseUrl}${path}?take=100&skip=9800`, { headers })).json()) as { pagination: { nextCursor: string } };
  const timed = await interleave([time("skip=0"), time("skip=9900"), time(`cursor=${encodeURIComponent(page99.pagination.nextCursor)}`)], LIST_SAMPLES);
  const [page1, page100, cursorPage100] = timed.map((samples) => samples.slice(LIST_WARMUP));
  return {
    bookings: BOOKINGS,
    page1: percentile(page1!, 0.5),
    page100: percentile(page100!, 0.5),
    cursorPage100: percentile(cursorPage100!, 0.5),
    ratio: p50Ratio(page100!, page1!),
    cursorRatio: p50Ratio(cursorPage100!, page1!),
    target: MAX_PAGE_RATIO,
  };
}

export async function listing(baseUrl: string) {
  const { host, eventType, apiKey } = await makeHostWithEventType();
  await seedBookings(host.id, eventType.id);
  return pages(baseUrl, "/v2/bookings", apiKey);
}

const ORG_TEAMS = 20;

/** 100 000 bookings in ORG_TEAMS teams of one organization, each team's hosted by a member of it; listed by its admin. */
export async function organizationListing(baseUrl: string) {
  const org = await makeTeam({ isOrganization: true });
  const admin = await makeUser();
  await addMember(org.id, admin.id, "ADMIN");
  for (let index = 0; index < ORG_TEAMS; index++) {
    const team = await makeTeam({ parentId: org.id });
    const host = await makeUser();
    await Promise.all([addMember(org.id, host.id, "MEMBER"), addMember(team.id, host.id, "MEMBER")]);
    const eventType = await db.eventType.create({ data: { teamId: team.id, title: "Team call", slug: "team-call", lengthInMinutes: 30 } });
    await seedBookings(host.id, eventType.id, BOOKINGS / ORG_TEAMS, index);
  }
  await sql("ANALYZE");
  return pages(baseUrl, `/v2/organizations/${org.id}/bookings`, await makeApiKey(admin.id));
}

export { attendee };
