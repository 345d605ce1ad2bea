import { describe, expect, it } from "vitest";
import { interleave, MAX_SLICE_SETS, pooled, setOf, slice, sliceOrder, sliceRatios, untilDecided, type AgainstBaseline } from "./interleaved";
import type { Measurement } from "./measure";

describe("sliceOrder", () => {
  it("alternates the direction each slice, so no side always runs first", () => {
    expect(sliceOrder(2, 4)).toEqual([
      [0, 1],
      [1, 0],
      [0, 1],
      [1, 0],
    ]);
    expect(sliceOrder(3, 2)).toEqual([
      [0, 1, 2],
      [2, 1, 0],
    ]);
  });

  it("puts each side first as often as last over an even number of slices", () => {
    const order = sliceOrder(2, 6);
    expect(order.filter(([first]) => first === 0)).toHaveLength(3);
    expect(order.filter(([first]) => first === 1)).toHaveLength(3);
  });
});

describe("interleave", () => {
  it("runs the sides one at a time in sliceOrder and returns each side's results by slice", async () => {
    const ran: string[] = [];
    const side = (name: string) => async (index: number) => {
      ran.push(`${name}${index}`);
      await new Promise((resolve) => setTimeout(resolve, 1));
      return `${name}${index}`;
    };
    const results = await interleave([side("a"), side("b")], 3);
    expect(ran).toEqual(["a0", "b0", "b1", "a1", "a2", "b2"]);
    expect(results).toEqual([
      ["a0", "a1", "a2"],
      ["b0", "b1", "b2"],
    ]);
  });
});

describe("sliceRatios", () => {
  it("sets each slice against the baseline's slice of the same index", () => {
    expect(sliceRatios([10, 30, 20], [20, 30, 10], (value) => value)).toEqual([0.5, 1, 2]);
  });
});

describe("slice", () => {
  it("splits single-use bodies in order and keeps their headers with them", () => {
    const probe = {
      path: "/p",
      expectStatus: 201,
      bodies: ["a", "b", "c", "d", "e"],
      headersPerBody: [{ h: "a" }, { h: "b" }, { h: "c" }, { h: "d" }, { h: "e" }],
    };
    expect(slice(probe, 0, 2)).toMatchObject({ bodies: ["a", "b", "c"], headersPerBody: [{ h: "a" }, { h: "b" }, { h: "c" }] });
    expect(slice(probe, 1, 2)).toMatchObject({ bodies: ["d", "e"], headersPerBody: [{ h: "d" }, { h: "e" }] });
  });

  it("gives a duration probe unchanged", () => {
    const probe = { path: "/api/health", expectStatus: 200 };
    expect(slice(probe, 1, 6)).toBe(probe);
  });
});

describe("pooled", () => {
  it("counts responses over the time all slices took, and weighs latencies by responses", () => {
    const slices: Measurement[] = [
      { requestsPerSecond: 100, p50: 10, p95: 20, responses: 100 }, // 1 s
      { requestsPerSecond: 300, p50: 2, p95: 4, responses: 300 }, // 1 s
    ];
    expect(pooled(slices)).toEqual({ requestsPerSecond: 200, p50: 4, p95: 8, responses: 400 });
  });
});

describe("untilDecided", () => {
  const m = (requestsPerSecond: number): Measurement => ({ requestsPerSecond, p50: 1, p95: 2, responses: 100 });
  const setOfRatios = (ratios: number[]): AgainstBaseline => ({
    bare: { slices: ratios.map(() => m(100)), all: m(100) },
    measured: { slices: ratios.map((ratio) => m(100 * ratio)), all: m(100) },
    ratios,
  });

  it("measures one set when its verdict is decided, and more, keeping every slice, while it straddles the target", async () => {
    const clear: number[] = [];
    await untilDecided({ atLeast: 0.7 }, async (set) => (clear.push(set), setOfRatios([0.9, 0.92, 0.95, 0.91, 0.93, 0.9, 0.94, 0.92])));
    expect(clear).toEqual([0]);

    const near: number[] = [];
    const straddling = [0.62, 0.78, 0.66, 0.75, 0.69, 0.8, 0.71, 0.73];
    const result = await untilDecided({ atLeast: 0.7 }, async (set) => (near.push(set), setOfRatios(straddling)));
    expect(near).toEqual(Array.from({ length: MAX_SLICE_SETS }, (_, set) => set));
    expect(result.ratios).toHaveLength(MAX_SLICE_SETS * straddling.length);
    expect(result.bare.slices).toHaveLength(MAX_SLICE_SETS * straddling.length);
  });

  it("measures a figure without a target once", async () => {
    const sets: number[] = [];
    await untilDecided(null, async (set) => (sets.push(set), setOfRatios([0.5, 1.5, 0.5, 1.5])));
    expect(sets).toEqual([0]);
  });

  it("setOf gives each set its own share of single-use bodies", () => {
    const bodies = Array.from({ length: 3 * MAX_SLICE_SETS }, (_, index) => String(index));
    const sets = Array.from({ length: MAX_SLICE_SETS }, (_, set) => setOf({ path: "/", bodies, expectStatus: 201 }, set).bodies);
    expect(sets.flat()).toEqual(bodies);
    expect(new Set(sets.map((set) => set!.length))).toEqual(new Set([3]));
  });
});
