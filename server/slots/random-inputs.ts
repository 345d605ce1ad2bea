/** Seeded random inputs for the property test and the benchmark: the same seed gives the same inputs. */
import type { ComputeSlotsInput, Interval, SlotMode } from "./slots";

/** mulberry32: a tiny, fast, well-distributed 32-bit PRNG; returns floats in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export type Random = () => number;
export const randomInt = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));
export const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** Minutes on a 5-minute grid half the time, so starts, windows and busy edges often coincide. */
const randomMinute = (random: Random, min: number, max: number) => {
  const value = randomInt(random, min, max);
  return random() < 0.5 ? value - (value % 5) : value;
};

function randomIntervals(random: Random, count: number, span: number, maxLength: number): Interval[] {
  const intervals: Interval[] = [];
  for (let index = 0; index < count; index++) {
    const start = randomMinute(random, 0, span);
    const roll = random();
    // Some touch the previous interval, some are empty: both are edge cases the normaliser must handle.
    const from = roll < 0.15 && intervals.length > 0 ? intervals[intervals.length - 1]!.end : start;
    intervals.push({ start: from, end: from + (roll > 0.95 ? 0 : randomInt(random, 1, maxLength)) });
  }
  return intervals;
}

/** A small random case (a few hosts over a few days) for comparing computeSlots with the naive reference. */
export function randomSlotInput(random: Random): ComputeSlotsInput {
  const span = randomInt(random, 120, 3 * 1440);
  const hostCount = randomInt(random, 1, 3);
  const hosts = Array.from({ length: hostCount }, (_, index) => ({
    id: 100 + index,
    available: randomIntervals(random, randomInt(random, 0, 6), span, 600),
    busy: randomIntervals(random, randomInt(random, 0, 8), span, 180),
  }));
  const rangeStart = randomMinute(random, -60, span);
  const lengthInMinutes = randomInt(random, 1, 120);
  return {
    mode: pick<SlotMode>(random, ["collective", "roundRobin", "any"]),
    hosts,
    lengthInMinutes,
    slotInterval: random() < 0.3 ? null : randomInt(random, 1, 120),
    beforeEventBuffer: random() < 0.4 ? 0 : randomInt(random, 0, 45),
    afterEventBuffer: random() < 0.4 ? 0 : randomInt(random, 0, 45),
    minimumBookingNotice: random() < 0.5 ? 0 : randomInt(random, 0, 600),
    periodDays: random() < 0.6 ? null : randomInt(random, 0, 3),
    range: { start: rangeStart, end: rangeStart + randomInt(random, 0, span + 120) },
    now: randomMinute(random, -1440, span),
  };
}
