/**
 * The bench's sections, in the order a run takes them: each measures, prints its details as it goes and adds its
 * figures (figures.ts) and any correctness failure to the run's report.
 */
import { contention, listing, organizationListing } from "./bookings-at-scale";
import { bookingCostAtScale } from "./booking-scale";
import { formatFigure, type Figure } from "./figures";
import { measureAgainstBareUntilDecided, SLICES } from "./interleaved";
import { measure, type Load, type Measurement } from "./measure";
import { formatPhaseSplit, phaseSplit, PHASE_SAMPLES } from "./phase-split";
import { queuesIdle } from "./queues-idle";
import { roundRobinContention, roundRobinSlots } from "./round-robin";
import { BARE_HANDLER, type Scenario } from "./scenario";
import { bookingScenario, freeSlotBookings } from "./scenarios/bookings";
import { meScenario } from "./scenarios/me";
import { oauthMeScenario, tokenExchangeScenario } from "./scenarios/oauth";
import { slotsScenario } from "./scenarios/slots";
import { run as slotsAlgorithm } from "./slots-algorithm";
import { sliceSpread } from "./stats";
import { webhookBench } from "./webhooks";
import { MCP_TARGET, mcpBench } from "./mcp";
import { OCCURRENCES, SEAT_ROUND_TARGET, SERIES_COST_TARGET, seatContention, seriesCost } from "./series-and-seats";

export type Report = { figures: Figure[]; failures: string[] };
export type Settings = { load: Load; warmupSeconds: number };

const SCENARIOS: Scenario[] = [meScenario, oauthMeScenario, tokenExchangeScenario, slotsScenario, bookingScenario];

/** Adds the figure to the report and prints it, indented under its section. */
function add(report: Report, figure: Figure) {
  report.figures.push(figure);
  console.log(`  → ${formatFigure(figure)}`);
}

const row = (cells: string[]) => cells.map((cell, index) => (index === 0 ? cell.padEnd(34) : cell.padStart(10))).join(" ");
const figures = (m: Measurement) => [m.requestsPerSecond.toFixed(0), m.p50.toFixed(2), m.p95.toFixed(2)];

export async function scenarios(baseUrl: string, report: Report, { load, warmupSeconds }: Settings) {
  const warmup = { ...load, durationSeconds: warmupSeconds };
  await measure(baseUrl, BARE_HANDLER, warmup);
  console.log(`\n${load.connections} connections, ${load.durationSeconds} s per side in interleaved slices, after ${warmupSeconds} s warm-up each\n`);
  console.log(row(["request", "req/s", "p50 ms", "p95 ms", "bare req/s"]));
  for (const scenario of SCENARIOS.filter((s) => !process.env.BENCH_SCENARIO || s.name.includes(process.env.BENCH_SCENARIO))) {
    // Prepared right before measuring: some inputs (authorization codes) expire within a minute.
    const probe = await scenario.prepare(baseUrl);
    // Single-use bodies cannot be sent twice: such a probe may bring bodies of its own for the warm-up, or make a slice's.
    if (probe.freshBodies) await measure(baseUrl, { ...probe, bodies: await probe.freshBodies.make(Math.ceil(probe.freshBodies.count / SLICES)) }, load);
    else if (!probe.bodies) await measure(baseUrl, probe, warmup);
    else if (probe.warmup) await measure(baseUrl, { ...probe, ...probe.warmup }, load);
    await queuesIdle(); // no earlier scenario's jobs (a booking's mail) running under this one
    const target = scenario.minRatio === null ? null : { atLeast: scenario.minRatio };
    const { bare, measured, ratios } = await measureAgainstBareUntilDecided(baseUrl, probe, load, target);
    console.log(row([scenario.name, ...figures(measured.all), bare.all.requestsPerSecond.toFixed(0)]));
    add(report, {
      name: `${scenario.name} vs bare, throughput`,
      spread: sliceSpread(ratios),
      target,
      baseline: sliceSpread(bare.slices.map((m) => m.requestsPerSecond)),
    });
  }
}

/** Issue 12: bookings with ten webhooks each vs none (target ≥ 0.9); issue 25: worker deliveries vs direct POSTs (≥ 0.6). */
export async function webhooks(baseUrl: string, report: Report, { load }: Settings) {
  const figures = await webhookBench(baseUrl, load);
  const { delivered } = figures;
  console.log(`\nPOST /v2/bookings on free slots, ×${figures.bookings} each, event types with ${figures.webhooks} active BOOKING_CREATED webhooks vs none:`);
  for (const [label, m] of [
    ["without", figures.without],
    ["with", figures.with],
  ] as const) {
    console.log(`  ${label.padEnd(8)} ${m.requestsPerSecond.toFixed(0)} req/s, p50 ${m.p50.toFixed(1)} ms, p95 ${m.p95.toFixed(1)} ms`);
  }
  add(report, { name: `POST /v2/bookings with ${figures.webhooks} webhooks vs none, throughput`, spread: figures.ratio, target: { atLeast: figures.target } });
  console.log(
    `Worker deliveries of those ${delivered.expected} messages to a receiver on loopback: ${delivered.total} received, ${delivered.distinctIds} distinct webhook-ids, ` +
      `${delivered.verified} verified with standardwebhooks, ${figures.logged} logged as delivered ${figures.complete ? "— complete" : "— INCOMPLETE"}`,
  );
  console.log(
    `  ${delivered.total - delivered.afterBookings} arrived while the bookings ran; the other ${delivered.afterBookings} in ${delivered.afterSeconds.toFixed(1)} s after them: ` +
      `${figures.workerPerSecond.median.toFixed(0)} deliveries/s per slice (median; ${figures.workerPerSecond.low.toFixed(0)}–${figures.workerPerSecond.high.toFixed(0)})`,
  );
  const direct = figures.directPerSecond;
  console.log(
    `  signed POSTs from the bench process to the same receiver, one at a time: ${direct.median.toFixed(0)}/s (${direct.low.toFixed(0)}–${direct.high.toFixed(0)})`,
  );
  add(report, {
    name: "Webhook worker deliveries vs direct signed POSTs",
    spread: figures.workerRatio,
    target: { atLeast: figures.workerTarget },
    baseline: direct,
  });
  if (!figures.complete) report.failures.push("webhook deliveries incomplete");
  for (const line of figures.split) console.log(`  ${line}`);
}

/** Where the time of a slots request and of a booking goes (Server-Timing; see phase-split.ts). */
export async function phaseSplits(baseUrl: string) {
  console.log("\nPer-phase split (mean ms per request, one request at a time):");
  const slots = await slotsScenario.prepare(baseUrl);
  await phaseSplit(baseUrl, slots, 20); // warm-up
  for (const line of formatPhaseSplit(slotsScenario.name, await phaseSplit(baseUrl, slots))) console.log(line);
  const booking = { method: "POST" as const, path: "/v2/bookings", headers: { "svc-api-version": "2024-08-13", "content-type": "application/json" } };
  const bookings = await freeSlotBookings(PHASE_SAMPLES, 60);
  for (const line of formatPhaseSplit("POST /v2/bookings (free slot)", await phaseSplit(baseUrl, { ...booking, ...bookings, expectStatus: 201 }))) {
    console.log(line);
  }
}

export async function oneSlotContention(baseUrl: string, report: Report) {
  await queuesIdle();
  const race = await contention(baseUrl);
  console.log(`\nContention: ${race.rounds} rounds of ${race.contenders} simultaneous requests for one slot, each next to a bare round`);
  console.log(`  outcomes: ${race.failures.length ? `FAILED ${race.failures.join("; ")}` : "every round one 201, the rest 409, no 5xx — PASS"}`);
  console.log(`  round time p50 ${race.p50.toFixed(1)} ms, p95 ${race.p95.toFixed(1)} ms`);
  console.log(`  bare handler, ${race.contenders} simultaneous: p50 ${race.bareP50.toFixed(1)} ms, p95 ${race.bareP95.toFixed(1)} ms`);
  add(report, { name: `${race.contenders} simultaneous bookings of one slot, round p95 vs bare p95`, spread: race.ratio, target: { atMost: race.maxRatio } });
  report.failures.push(...race.failures.map((failure) => `contention ${failure}`));
}

export async function listings(baseUrl: string, report: Report) {
  for (const [path, list] of [
    ["GET /v2/bookings", await listing(baseUrl)],
    ["GET /v2/organizations/{orgId}/bookings", await organizationListing(baseUrl)],
  ] as const) {
    console.log(
      `\n${path} with ${list.bookings} bookings (take 100), pages in turn: page 1 p50 ${list.page1.toFixed(1)} ms, ` +
        `page 100 p50 ${list.page100.toFixed(1)} ms, by cursor ${list.cursorPage100.toFixed(1)} ms`,
    );
    add(report, { name: `${path} page 100 by skip vs page 1, p50`, spread: list.ratio, target: { atMost: list.target } });
    add(report, { name: `${path} page 100 by cursor vs page 1, p50`, spread: list.cursorRatio, target: { atMost: list.target } });
  }
}

/** Issue 11: round-robin contention (correctness is the target; times against bare rounds) and 50-host slots (≤ 3× one host's p50). */
export async function roundRobin(baseUrl: string, report: Report, { load }: Settings) {
  const race = await roundRobinContention(baseUrl);
  console.log(
    `\nRound-robin contention: ${race.rounds} rounds of ${race.contenders} simultaneous requests for one slot of a 50-host event type, next to bare rounds`,
  );
  console.log(
    `  outcomes: ${race.failures.length ? `FAILED ${race.failures.join("; ")}` : "50 free hosts: every round 50 × 201, 50 distinct hosts; 10 free: 10 × 201, 40 × 409; no 5xx — PASS"}`,
  );
  console.log(`  bare handler, ${race.contenders} simultaneous: p50 ${race.bareP50.toFixed(1)} ms, p95 ${race.bareP95.toFixed(1)} ms`);
  const { free, scarce } = race;
  console.log(
    `  50 free hosts: round p50 ${free.p50.toFixed(1)} ms, p95 ${free.p95.toFixed(1)} ms; 10 free: p50 ${scarce.p50.toFixed(1)} ms, p95 ${scarce.p95.toFixed(1)} ms`,
  );
  add(report, { name: "Round robin, 50 free hosts, round p95 vs bare p95", spread: free.ratio, target: { atMost: race.maxFreeRatio } });
  add(report, { name: "Round robin, 10 free hosts, round p95 vs bare p95", spread: scarce.ratio, target: null });
  report.failures.push(...race.failures.map((failure) => `round-robin contention ${failure}`));

  const slots = await roundRobinSlots(baseUrl, load);
  console.log(`\nGET /v2/slots/available, ${slots.hosts}-host round robin over 30 days, ${slots.bookings} bookings and a day out of office per host:`);
  console.log(
    `  p50 ${slots.fifty.p50.toFixed(1)} ms (${slots.fifty.requestsPerSecond.toFixed(0)} req/s); one host p50 ${slots.one.p50.toFixed(1)} ms; bare p50 ${slots.bare.p50.toFixed(1)} ms`,
  );
  add(report, { name: `GET /v2/slots/available, ${slots.hosts} hosts vs one host, p50`, spread: slots.vsOneHost, target: { atMost: slots.target } });
  add(report, { name: `GET /v2/slots/available, ${slots.hosts} hosts vs bare, p50`, spread: slots.vsBare, target: null });
  for (const line of slots.split) console.log(`  ${line}`);
}

/** Issue 25: POST /v2/bookings on hosts with 1 000 000 existing bookings vs hosts with 1 000 (target: within 10 %). */
export async function bookingScale(baseUrl: string, report: Report, { load }: Settings) {
  await queuesIdle();
  const scale = await bookingCostAtScale(baseUrl, load);
  console.log(`\nPOST /v2/bookings on free slots of hosts with ${scale.large} existing bookings vs other hosts with ${scale.small}, in interleaved slices:`);
  console.log(`  ${scale.small}: ${scale.before.requestsPerSecond.toFixed(0)} req/s; ${scale.large}: ${scale.after.requestsPerSecond.toFixed(0)} req/s`);
  add(report, {
    name: `POST /v2/bookings, hosts with ${scale.large} bookings vs ${scale.small}, change`,
    spread: scale.change,
    target: { atLeast: -scale.maxChange },
    unit: "percent",
  });
}

export function algorithm(report: Report) {
  for (const mode of slotsAlgorithm().modes) {
    report.figures.push({ name: `Slot algorithm (${mode.case}), speed-up over the naive scan`, spread: mode.ratio, target: { atLeast: mode.target } });
  }
}

/** Issue 40: MCP tool calls against the /v2 requests they wrap, in interleaved slices (target ≥ 0.7 of /v2's throughput). */
export async function mcp(baseUrl: string, report: Report, { load }: Settings) {
  console.log("\nMCP tool calls vs the /v2 requests they wrap (same API key, interleaved slices):");
  for (const figure of await mcpBench(baseUrl, load)) {
    add(report, {
      name: `MCP ${figure.name}, throughput`,
      spread: sliceSpread(figure.ratios),
      target: { atLeast: MCP_TARGET },
      baseline: sliceSpread(figure.v2Slices.map((m) => m.requestsPerSecond)),
    });
  }
}

/** Issue 38: a 12-occurrence series against single bookings (cost ≤ 3×); seat rounds against single-slot rounds (p95 ≤ 2×). */
export async function seriesAndSeats(baseUrl: string, report: Report, { load }: Settings) {
  await queuesIdle();
  const series = await seriesCost(baseUrl, load);
  console.log(`\nPOST /v2/bookings of ${OCCURRENCES}-occurrence weekly series vs single bookings, interleaved slices:`);
  console.log(`  series ${series.seriesPerSecond.toFixed(1)}/s, single bookings ${series.singlePerSecond.toFixed(1)}/s; every series booked whole`);
  for (const line of series.split.flat()) console.log(`  ${line}`);
  add(report, {
    name: `A ${OCCURRENCES}-occurrence series, cost in single bookings`,
    spread: sliceSpread(series.ratios),
    target: { atMost: SERIES_COST_TARGET },
  });
  await queuesIdle();
  const seats = await seatContention(baseUrl);
  console.log(`\nSeats: rounds of ${seats.contenders} simultaneous requests for a time with ${seats.seats} seats, each next to a round for one ordinary slot`);
  console.log(`  outcomes: ${seats.failures.length ? `FAILED ${seats.failures.join("; ")}` : `every round ${seats.seats} × 201, the rest 409, no 5xx — PASS`}`);
  add(report, {
    name: `${seats.contenders} simultaneous seat requests for ${seats.seats} seats, round p95 vs one slot's`,
    spread: seats.ratio,
    target: { atMost: SEAT_ROUND_TARGET },
  });
  report.failures.push(...seats.failures);
}
