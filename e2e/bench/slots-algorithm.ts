/**
 * The slot algorithm on a 50-host team over 30 days with 15 000 busy blocks (seeded, so every run sees
 * the same inputs): the optimized computeSlots against the per-minute reference on identical inputs, in interleaved
 * slices (interleaved.ts). The slot lists must be identical (else this throws); the figure that matters is the
 * speed-up ratio, per slice.
 *
 * `npx tsx e2e/bench/slots-algorithm.ts` (exit 1 when BELOW target), or `run()` from the bench runner.
 * Env: BENCH_SLOTS_MIN_MS, minimum measuring time per implementation and mode, over all slices (1500).
 */
import { realpathSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { pick, randomInt, seededRandom } from "../../server/slots/random-inputs";
import { computeSlots, expandSchedule, type ComputeSlotsInput, type ScheduleShape, type Slot, type SlotMode } from "../../server/slots/slots";
import { computeSlotsNaive } from "../../server/slots/slots.naive";
import { SLICES, sliceOrder } from "./interleaved";
import { sliceSpread, verdictOf, type Spread } from "./stats";

const SEED = 20_260_302;
const HOSTS = 50;
const DAYS = 30;
const BUSY_BLOCKS = 15_000;
const TARGET_RATIO = 3;
// 2026-03-02 00:00 UTC: the 30 days include both the US (03-08) and the EU (03-29) spring-forward days.
const RANGE_START = Date.UTC(2026, 2, 2) / 60_000;
const ZONES = ["Europe/Berlin", "America/New_York", "Europe/London", "America/Chicago", "UTC"];

export type ModeFigures = {
  case: string;
  mode: SlotMode;
  hosts: number;
  slots: number;
  optimizedMs: number;
  naiveMs: number;
  /** Per slice: the naive median ms over the optimized one. */
  ratio: Spread;
  target: number;
};
export type SlotsAlgorithmFigures = {
  name: string;
  hosts: number;
  days: number;
  busyBlocks: number;
  expandScheduleMs: number;
  modes: ModeFigures[];
  /** No mode's whole spread below its target. */
  pass: boolean;
};

function scheduleFor(random: () => number): ScheduleShape {
  const start = randomInt(random, 7, 10) * 60;
  const end = randomInt(random, 16, 19) * 60;
  const weekly =
    random() < 0.3
      ? [
          { days: [1, 2, 3, 4, 5], startMinute: start, endMinute: 12 * 60 },
          { days: [1, 2, 3, 4, 5], startMinute: 13 * 60, endMinute: end },
        ]
      : [{ days: [1, 2, 3, 4, 5], startMinute: start, endMinute: end }];
  const day = (offset: number) => new Date((RANGE_START + offset * 1440) * 60_000).toISOString().slice(0, 10);
  return {
    timeZone: pick(random, ZONES),
    weekly,
    overrides: [
      { date: day(randomInt(random, 0, DAYS - 1)), startMinute: 0, endMinute: 0 },
      { date: day(randomInt(random, 0, DAYS - 1)), startMinute: 6 * 60, endMinute: 21 * 60 },
    ],
  };
}

/** The team: schedules expanded per host, busy blocks spread over hosts at random. */
function teamInput(): { input: Omit<ComputeSlotsInput, "mode">; schedules: ScheduleShape[] } {
  const random = seededRandom(SEED);
  const range = { start: RANGE_START, end: RANGE_START + DAYS * 1440 };
  const schedules = Array.from({ length: HOSTS }, () => scheduleFor(random));
  const hosts = schedules.map((schedule, index) => ({
    id: index + 1,
    available: expandSchedule(schedule, range),
    busy: [] as { start: number; end: number }[],
  }));
  for (let block = 0; block < BUSY_BLOCKS; block++) {
    const start = range.start + randomInt(random, 0, (DAYS * 1440) / 5) * 5;
    hosts[randomInt(random, 0, HOSTS - 1)]!.busy.push({ start, end: start + randomInt(random, 3, 24) * 5 });
  }
  const input = {
    hosts,
    lengthInMinutes: 30,
    slotInterval: 15,
    beforeEventBuffer: 5,
    afterEventBuffer: 10,
    minimumBookingNotice: 240,
    periodDays: 28,
    range,
    now: range.start - 60,
  };
  return { input, schedules };
}

/** Median milliseconds per call, after `warmups` calls, over at least `minMs` of calls (and at least `minCalls`). */
function timePerRun<T>(fn: () => T, minMs: number, { warmups = 2, minCalls = 5 } = {}): { ms: number; result: T } {
  let result = fn();
  for (let i = 1; i < warmups; i++) fn();
  const samples: number[] = [];
  const began = performance.now();
  while (samples.length < minCalls || performance.now() - began < minMs) {
    const startedAt = performance.now();
    result = fn();
    samples.push(performance.now() - startedAt);
  }
  samples.sort((a, b) => a - b);
  return { ms: samples[Math.floor(samples.length / 2)]!, result };
}

function assertIdentical(label: string, optimized: Slot[], naive: Slot[]) {
  const firstDifference = optimized.findIndex((slot, index) => {
    const other = naive[index];
    return !other || other.start !== slot.start || other.hostIds.join() !== slot.hostIds.join();
  });
  if (optimized.length !== naive.length || firstDifference !== -1) {
    throw new Error(`${label}: slot lists differ (optimized ${optimized.length}, naive ${naive.length}, first difference at index ${firstDifference})`);
  }
}

const formatMs = (ms: number) => (ms < 10 ? ms.toFixed(3) : ms.toFixed(1));
const row = (cells: string[]) => cells.map((cell, index) => (index === 0 ? cell.padEnd(12) : cell.padStart(14))).join(" ");

export function run(): SlotsAlgorithmFigures {
  const minMs = Number(process.env.BENCH_SLOTS_MIN_MS ?? 1_500);
  const { input, schedules } = teamInput();
  const range = input.range;
  const expand = timePerRun(() => schedules.map((schedule) => expandSchedule(schedule, range)), Math.min(minMs, 500));

  console.log(`\nslots algorithm: ${HOSTS} hosts, ${DAYS} days, ${BUSY_BLOCKS} busy blocks, seed ${SEED}`);
  console.log(`expandSchedule for all hosts: ${formatMs(expand.ms)} ms per run\n`);
  console.log(row(["case", "slots", "optimized ms", "naive ms", "optimized op/s", "naive op/s", "speed-up (min–max)", "target, verdict"]));
  const modes: ModeFigures[] = [];
  // A collective event across all 50 hosts has (realistically) no common free time; the small team
  // (three hosts in one zone) shows the collective path producing slots, so the identity check covers a non-empty list too.
  const cases = [
    { label: "roundRobin", mode: "roundRobin", hosts: input.hosts },
    { label: "collective", mode: "collective", hosts: input.hosts },
    { label: "collective/3", mode: "collective", hosts: input.hosts.filter((_, index) => schedules[index]!.timeZone === "Europe/Berlin").slice(0, 3) },
  ] as const;
  for (const { label, mode, hosts } of cases) {
    const modeInput = { ...input, mode, hosts: [...hosts] };
    const implementations = [() => computeSlots(modeInput), () => computeSlotsNaive(modeInput)];
    const checked = implementations.map((fn) => fn());
    assertIdentical(label, checked[0]!, checked[1]!);
    const timed: number[][] = [[], []];
    for (const order of sliceOrder(2, SLICES)) {
      for (const side of order) timed[side]!.push(timePerRun(implementations[side]!, minMs / SLICES, { warmups: 1, minCalls: 3 }).ms);
    }
    const [optimizedMs, naiveMs] = timed.map((slices) => sliceSpread(slices).median);
    const ratio = sliceSpread(timed[1]!.map((naive, index) => naive / timed[0]![index]!));
    modes.push({
      case: label,
      mode,
      hosts: hosts.length,
      slots: checked[0]!.length,
      optimizedMs: optimizedMs!,
      naiveMs: naiveMs!,
      ratio,
      target: TARGET_RATIO,
    });
    console.log(
      row([
        label,
        String(checked[0]!.length),
        formatMs(optimizedMs!),
        formatMs(naiveMs!),
        (1000 / optimizedMs!).toFixed(0),
        (1000 / naiveMs!).toFixed(1),
        `${ratio.median.toFixed(1)}× (${ratio.low.toFixed(1)}–${ratio.high.toFixed(1)})`,
        `≥ ${TARGET_RATIO}× ${verdictOf(ratio, { atLeast: TARGET_RATIO })}`,
      ]),
    );
  }
  console.log("slot lists identical (optimized = naive) in every case\n");
  const pass = modes.every(({ ratio, target }) => verdictOf(ratio, { atLeast: target }) !== "BELOW");
  return { name: "slots algorithm", hosts: HOSTS, days: DAYS, busyBlocks: BUSY_BLOCKS, expandScheduleMs: expand.ms, modes, pass };
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href;
if (invokedDirectly) {
  try {
    process.exitCode = run().pass ? 0 : 1;
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  }
}
