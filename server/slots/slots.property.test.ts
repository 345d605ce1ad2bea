/**
 * The optimized computeSlots against the per-minute reference on many seeded random inputs: unsorted,
 * overlapping, touching and empty intervals, all three modes, every rule. Any difference is a bug in one
 * of them; the failing seed and case index are in the message.
 */
import { describe, expect, it } from "vitest";
import { randomSlotInput, seededRandom } from "./random-inputs";
import { computeSlots } from "./slots";
import { computeSlotsNaive } from "./slots.naive";

const CASES = 3000;

describe("computeSlots ≡ computeSlotsNaive", () => {
  for (const seed of [1, 20_260_610, 0xc0ffee]) {
    it(`agrees on ${CASES} random cases (seed ${seed})`, () => {
      const random = seededRandom(seed);
      let nonEmpty = 0;
      for (let index = 0; index < CASES; index++) {
        const input = randomSlotInput(random);
        const expected = computeSlotsNaive(input);
        expect(computeSlots(input), `seed ${seed}, case ${index}: ${JSON.stringify(input)}`).toEqual(expected);
        if (expected.length > 0) nonEmpty++;
      }
      // The generator must exercise the algorithm, not only its early exits.
      expect(nonEmpty).toBeGreaterThan(CASES / 4);
    });
  }

  // Busy time sorted by start, as host-busy-cache.ts hands a host's bookings over, is walked without being merged
  // first (slots.ts walkable): overlapping and touching intervals must still block exactly what the reference blocks.
  it(`agrees on ${CASES} random cases whose busy time comes sorted by start, overlaps and all`, () => {
    const random = seededRandom(7);
    for (let index = 0; index < CASES; index++) {
      const generated = randomSlotInput(random);
      const input = { ...generated, hosts: generated.hosts.map((host) => ({ ...host, busy: [...host.busy].sort((a, b) => a.start - b.start) })) };
      expect(computeSlots(input), `case ${index}: ${JSON.stringify(input)}`).toEqual(computeSlotsNaive(input));
    }
  });
});
