/**
 * Issue 38's two figures, each against its baseline in the same run:
 * - a series: POST /v2/bookings of a 12-occurrence weekly series against single bookings, in interleaved slices at the
 *   same load (interleaved.ts), each on free slots of hosts of their own. The figure is the cost of a series in single
 *   bookings (single bookings' throughput over the series'); target at most SERIES_COST_TARGET. Every series must be
 *   booked whole (12 occurrences, one recurringBookingUid), or the figure measured refusals.
 * - seats: rounds of 50 simultaneous requests for a seat of one time with 10 seats, each round next to a round of 50
 *   simultaneous requests for one ordinary slot (bookings-at-scale.ts contention); every seat round must give exactly
 *   10 × 201 and 40 × 409 and no 5xx, and its p95 round time is at most SEAT_ROUND_TARGET × the single-slot rounds'.
 */
import { attendee, makeHostWithEventType, utcAt } from "../../prisma/scheduling-factories";
import { db } from "../../server/db/client";
import { CONTENDERS, interleavedRounds, p95Decided, p95Ratio } from "./bookings-at-scale";
import { MAX_SLICE_SETS, measureInterleaved, sliceRatios, untilDecided } from "./interleaved";
import { formatPhaseSplit, phaseSplit } from "./phase-split";
import type { Load } from "./measure";
import type { Probe } from "./scenario";
import { freeSlotBookings, V } from "./scenarios/bookings";

export const OCCURRENCES = 12;
export const SERIES_COST_TARGET = 3;
export const SEAT_ROUND_TARGET = 2;
const SEATS = 10;
/** Series: 8 slices of 40, over hosts enough that few requests queue for one host's lock. Single bookings: 8 slices of 200. */
const SERIES = 320;
const SINGLES = 1600;
const HOSTS = 40;
const SPLIT_SAMPLES = 20;

/**
 * `count` weekly series over `hosts` recurring event types: series k of a host starts on one of the first seven days at
 * one of 48 half hours, so no two of its series meet in any week.
 */
async function seriesBookings(count: number, hosts: number): Promise<Pick<Probe, "bodies" | "headersPerBody"> & { eventTypeIds: number[] }> {
  const eventTypeIds: number[] = [];
  for (let i = 0; i < hosts; i++) {
    const { eventType } = await makeHostWithEventType({
      hours: { startMinute: 0, endMinute: 24 * 60 },
      eventType: { recurrence: { frequency: "weekly", interval: 1, occurrences: OCCURRENCES } },
    });
    eventTypeIds.push(eventType.id);
  }
  if (count / hosts > 7 * 48) throw new Error(`${count} series over ${hosts} hosts do not fit in one week of half hours`);
  const bodies: string[] = [];
  const headersPerBody: Record<string, string>[] = [];
  for (let i = 0; i < count; i++) {
    const slot = Math.floor(i / hosts);
    const start = utcAt(2 + Math.floor(slot / 48), 0, (slot % 48) * 30);
    const body = {
      eventTypeId: eventTypeIds[i % hosts]!,
      start: start.toISOString(),
      recurrenceCount: OCCURRENCES,
      attendee: { ...attendee(`Series ${i}`), timeZone: "UTC" },
    };
    bodies.push(JSON.stringify(body));
    headersPerBody.push({ "x-forwarded-for": `10.81.${Math.floor(i / 250)}.${i % 250}` });
  }
  return { bodies, headersPerBody, eventTypeIds };
}

/** Single bookings' throughput over the series' per slice: what one series costs, in single bookings. */
export async function seriesCost(baseUrl: string, load: Load) {
  // Bodies for every set of slices the figure may take (interleaved.ts untilDecided), then the split's.
  const series = await seriesBookings(MAX_SLICE_SETS * SERIES + SPLIT_SAMPLES, HOSTS);
  const singles = await freeSlotBookings(MAX_SLICE_SETS * SINGLES + SPLIT_SAMPLES, 2, HOSTS, { addressPrefix: "10.82" });
  const probe = (bookings: Pick<Probe, "bodies" | "headersPerBody">, from: number, to: number): Probe => ({
    method: "POST",
    path: "/v2/bookings",
    headers: V,
    bodies: bookings.bodies!.slice(from, to),
    headersPerBody: bookings.headersPerBody!.slice(from, to),
    expectStatus: 201,
  });
  let sets = 0;
  const measured = await untilDecided({ atMost: SERIES_COST_TARGET }, async (set) => {
    sets += 1;
    const sides = [probe(singles, set * SINGLES, (set + 1) * SINGLES), probe(series, set * SERIES, (set + 1) * SERIES)];
    const [singleSide, seriesSide] = await measureInterleaved(baseUrl, sides, load);
    return { bare: singleSide!, measured: seriesSide!, ratios: sliceRatios(singleSide!.slices, seriesSide!.slices, (m) => m.requestsPerSecond) };
  });
  // Where a request's time goes, one at a time (phase-split.ts), after the load.
  const [singleSplit, seriesSplit] = [MAX_SLICE_SETS * SINGLES, MAX_SLICE_SETS * SERIES];
  const split = [
    formatPhaseSplit("single booking", await phaseSplit(baseUrl, probe(singles, singleSplit, singleSplit + SPLIT_SAMPLES), SPLIT_SAMPLES)),
    formatPhaseSplit(`${OCCURRENCES}-occurrence series`, await phaseSplit(baseUrl, probe(series, seriesSplit, seriesSplit + SPLIT_SAMPLES), SPLIT_SAMPLES)),
  ];
  const booked = await db.booking.groupBy({ by: ["recurringBookingUid"], where: { eventTypeId: { in: series.eventTypeIds } }, _count: true });
  const whole = booked.filter((group) => group.recurringBookingUid !== null && group._count === OCCURRENCES).length;
  const made = sets * SERIES + SPLIT_SAMPLES;
  if (whole !== made || booked.length !== made) throw new Error(`${whole} of ${made} series were booked whole: the series side measured refusals`);
  return {
    split,
    ratios: measured.ratios,
    seriesPerSecond: measured.measured.all.requestsPerSecond,
    singlePerSecond: measured.bare.all.requestsPerSecond,
  };
}

/** Seat rounds against single-slot rounds, interleaved; each round its own time. */
export async function seatContention(baseUrl: string) {
  const hours = { startMinute: 0, endMinute: 24 * 60 };
  const seated = (await makeHostWithEventType({ hours, eventType: { seatsPerTimeSlot: SEATS } })).eventType;
  const single = (await makeHostWithEventType({ hours })).eventType;
  // Each request from an address of its own, as the booking scenario's: the per-caller booking limits stay out of it.
  let sent = 0;
  const bookingOf = (eventTypeId: number) => (round: number) => {
    const start = utcAt(2 + Math.floor(round / 24), round % 24).toISOString();
    return () => {
      const body = JSON.stringify({ eventTypeId, start, attendee: attendee(`Booker ${sent}`) });
      const address = `10.83.${Math.floor(sent / 250)}.${sent++ % 250}`;
      return fetch(`${baseUrl}/v2/bookings`, { method: "POST", headers: { ...V, "x-forwarded-for": address }, body });
    };
  };
  const [singles, seats] = await interleavedRounds([bookingOf(single.id), bookingOf(seated.id)], p95Decided(1, 0, SEAT_ROUND_TARGET));
  const failures = seats!.statuses.flatMap((statuses, round) => {
    const created = statuses.filter((status) => status === 201).length;
    const full = statuses.filter((status) => status === 409).length;
    return created === SEATS && full === CONTENDERS - SEATS ? [] : [`seat round ${round}: ${JSON.stringify(statuses.sort())}`];
  });
  const overbooked = await db.booking.count({ where: { eventTypeId: seated.id, seatsTaken: { gt: SEATS } } });
  if (overbooked > 0) failures.push(`${overbooked} seated bookings have more than ${SEATS} seats`);
  return {
    seats: SEATS,
    contenders: CONTENDERS,
    ratio: p95Ratio(seats!.times, singles!.times),
    failures,
    seatTimes: seats!.times,
    singleTimes: singles!.times,
  };
}
