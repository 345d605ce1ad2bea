import { describe, expect, it } from "vitest";
import { below, formatComparison, formatFigure, verdictOfFigure, type Figure } from "./figures";
import type { Spread } from "./stats";

const slices = (median: number, low: number, high: number, min: number, max: number): Spread => ({ median, low, high, min, max, samples: 6, of: "slices" });

const booking: Figure = { name: "POST /v2/bookings vs bare", spread: slices(0.32, 0.31, 0.34, 0.3, 0.345), target: { atLeast: 0.35 } };
const contention: Figure = { name: "contention p95 vs bare", spread: { median: 1.5, low: 1.2, high: 2.3, samples: 40, of: "rounds" }, target: { atMost: 2 } };
const scale: Figure = { name: "scale change", spread: slices(0.01, -0.024, 0.074, -0.05, 0.09), target: { atLeast: -0.1 }, unit: "percent" };

describe("formatFigure", () => {
  it("prints the median, its interval, the slices' range, the target and the verdict", () => {
    expect(formatFigure(booking)).toBe("POST /v2/bookings vs bare: 0.32 (95 % 0.31 to 0.34 over 6 slices; slices 0.30 to 0.34) target ≥ 0.35 BELOW");
    expect(formatFigure(contention)).toBe("contention p95 vs bare: 1.50 (95 % 1.20 to 2.30 over 40 rounds) target ≤ 2.00 inconclusive");
    expect(formatFigure(scale)).toBe("scale change: +1.0 % (95 % −2.4 % to +7.4 % over 6 slices; slices −5.0 % to +9.0 %) target ≥ −10.0 % PASS");
  });

  it("adds the baseline's own spread, and says when a figure has no target", () => {
    const direct = { ...contention, target: null, baseline: slices(1000, 990, 1010, 950, 1080) };
    expect(formatFigure(direct)).toBe(
      "contention p95 vs bare: 1.50 (95 % 1.20 to 2.30 over 40 rounds; baseline slices ±8 %, its median ±1 %) reported, no target",
    );
  });
});

describe("verdicts", () => {
  it("reads each figure's verdict from its interval and lists the ones below target", () => {
    expect([booking, contention, scale].map(verdictOfFigure)).toEqual(["BELOW", "inconclusive", "PASS"]);
    expect(below([booking, contention, scale])).toEqual([booking]);
  });
});

describe("formatComparison", () => {
  it("shows each run's median and verdict and the difference from the first run", () => {
    const second = [
      { ...booking, spread: slices(0.35, 0.33, 0.36, 0.33, 0.37) },
      { ...scale, spread: slices(0.06, 0.05, 0.07, 0.04, 0.08) },
    ];
    expect(formatComparison([[booking, scale], second])).toEqual([
      "POST /v2/bookings vs bare: 0.32 BELOW | 0.35 inconclusive; run to run +9 %",
      "scale change: +1.0 % PASS | +6.0 % PASS; run to run +5.0 points",
    ]);
  });

  it("marks a figure missing from a run", () => {
    expect(formatComparison([[booking], []])).toEqual(["POST /v2/bookings vs bare: 0.32 BELOW | —"]);
  });
});
