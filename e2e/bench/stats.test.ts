import { describe, expect, it } from "vitest";
import { bootstrap, halfWidth, intervalHalfWidth, median, percentile, runToRunDifference, sliceSpread, verdictOf, type Spread } from "./stats";

const spread = (low: number, high: number, samples = 6): Spread => ({ median: (low + high) / 2, low, high, samples, of: "slices" });

describe("percentile and median", () => {
  it("takes the nearest rank, as latency reports do", () => {
    const twenty = Array.from({ length: 20 }, (_, i) => 20 - i); // 20 … 1, unsorted on purpose
    expect(percentile(twenty, 0.95)).toBe(19); // rank 19 of 20: the second slowest
    expect(percentile(twenty, 0.5)).toBe(10);
    expect(percentile([7], 0.95)).toBe(7);
    expect(percentile([], 0.5)).toBeNaN();
  });

  it("gives the middle value, or the mean of the two middle ones", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});

describe("sliceSpread", () => {
  it("is the slices' median with an interval inside their min–max", () => {
    const spread = sliceSpread([0.9, 1.2, 1.0, 1.1, 1.05, 0.95]);
    expect(spread).toMatchObject({ median: 1.025, min: 0.9, max: 1.2, samples: 6, of: "slices" });
    expect(spread.low).toBeGreaterThanOrEqual(0.9);
    expect(spread.low).toBeLessThan(spread.median);
    expect(spread.high).toBeGreaterThan(spread.median);
    expect(spread.high).toBeLessThanOrEqual(1.2);
  });

  it("does not swing on one slice of eight that something else slowed down", () => {
    const spread = sliceSpread([1.0, 1.02, 0.98, 1.01, 0.99, 0.5, 1.0, 1.03]);
    expect(spread.min).toBe(0.5);
    expect(spread.low).toBeGreaterThan(0.9);
    expect(verdictOf(spread, { atLeast: 0.8 })).toBe("PASS");
  });
});

describe("verdictOf", () => {
  it("passes an at-least target only when the whole spread meets it", () => {
    expect(verdictOf(spread(0.36, 0.4), { atLeast: 0.35 })).toBe("PASS");
    expect(verdictOf(spread(0.35, 0.4), { atLeast: 0.35 })).toBe("PASS");
    expect(verdictOf(spread(0.3, 0.34), { atLeast: 0.35 })).toBe("BELOW");
    expect(verdictOf(spread(0.3, 0.38), { atLeast: 0.35 })).toBe("inconclusive");
  });

  it("passes an at-most target only when the whole spread stays under it", () => {
    expect(verdictOf(spread(1.1, 1.9), { atMost: 2 })).toBe("PASS");
    expect(verdictOf(spread(2.1, 2.6), { atMost: 2 })).toBe("BELOW");
    expect(verdictOf(spread(1.3, 2.3), { atMost: 2 })).toBe("inconclusive");
  });

  it("gives no verdict from fewer than three slices, nor from a spread that is not a number", () => {
    expect(verdictOf(spread(0.5, 0.6, 1), { atLeast: 0.35 })).toBe("inconclusive");
    expect(verdictOf(spread(0.5, 0.6, 2), { atLeast: 0.35 })).toBe("inconclusive");
    expect(verdictOf({ ...spread(0.5, 0.6), low: Number.NaN }, { atLeast: 0.35 })).toBe("inconclusive");
  });
});

describe("bootstrap", () => {
  const ratioOfMedians = ([a, b]: readonly number[][]) => median(a!) / median(b!);

  it("centres on the statistic of the samples themselves and brackets it", () => {
    const measured = Array.from({ length: 40 }, (_, i) => 200 + (i % 10) * 4);
    const bare = Array.from({ length: 40 }, (_, i) => 100 + (i % 10) * 2);
    const interval = bootstrap([measured, bare], ratioOfMedians, "rounds");
    expect(interval.median).toBeCloseTo(2, 1);
    expect(interval.low).toBeLessThanOrEqual(interval.median);
    expect(interval.high).toBeGreaterThanOrEqual(interval.median);
    expect(interval.high - interval.low).toBeLessThan(0.3);
    expect(interval).toMatchObject({ samples: 40, of: "rounds" });
  });

  it("is repeatable for the same inputs, and wider for noisier ones", () => {
    const steady = Array.from({ length: 40 }, (_, i) => 100 + (i % 5));
    const noisy = Array.from({ length: 40 }, (_, i) => 100 + (i % 5) * 30);
    expect(bootstrap([steady, steady], ratioOfMedians, "rounds")).toEqual(bootstrap([steady, steady], ratioOfMedians, "rounds"));
    const width = (s: Spread) => s.high - s.low;
    expect(width(bootstrap([noisy, steady], ratioOfMedians, "rounds"))).toBeGreaterThan(width(bootstrap([steady, steady], ratioOfMedians, "rounds")));
  });

  it("counts the smallest group's samples", () => {
    expect(
      bootstrap(
        [
          [1, 2, 3],
          [1, 2],
        ],
        ratioOfMedians,
        "rounds",
      ).samples,
    ).toBe(2);
  });
});

describe("halfWidth and runToRunDifference", () => {
  it("measures how far a spread reaches from its median, as a share of it, by the slices' min–max where known", () => {
    expect(halfWidth({ median: 1000, low: 950, high: 1080, samples: 6, of: "rounds" })).toBeCloseTo(0.08);
    expect(halfWidth({ median: 1000, low: 980, high: 1020, min: 850, max: 1050, samples: 6, of: "slices" })).toBeCloseTo(0.15);
    // The median's own interval, whatever the slices' reach.
    expect(intervalHalfWidth({ median: 1000, low: 970, high: 1020, min: 850, max: 1050, samples: 6, of: "slices" })).toBeCloseTo(0.03);
  });

  it("gives the second run's change from the first as a signed share", () => {
    expect(runToRunDifference(1.29, 2.3)).toBeCloseTo(0.783, 3);
    expect(runToRunDifference(0.96, 0.54)).toBeCloseTo(-0.4375, 4);
  });
});
