import { describe, expect, it } from "vitest";
import { below, formatComparison, formatFigure, verdictOfFigure, type Figure } from "./figures";
import { spreadOf } from "./stats";

const booking: Figure = { name: "POST /v2/bookings vs bare", spread: spreadOf([0.3, 0.33, 0.34, 0.31]), target: { atLeast: 0.35 } };
const contention: Figure = { name: "contention p95 vs bare", spread: { median: 1.5, low: 1.2, high: 2.3, samples: 40, kind: "bootstrap" }, target: { atMost: 2 } };
const scale: Figure = { name: "scale change", spread: spreadOf([-0.024, 0.01, 0.074]), target: { atLeast: -0.1 }, unit: "percent" };

describe("formatFigure", () => {
  it("prints the median, the spread, the target and the verdict", () => {
    expect(formatFigure(booking)).toBe("POST /v2/bookings vs bare: 0.32 (0.30 to 0.34 over 4 slices) target ≥ 0.35 BELOW");
    expect(formatFigure(contention)).toBe("contention p95 vs bare: 1.50 (1.20 to 2.30 (95 % bootstrap, 40 samples)) target ≤ 2.00 inconclusive");
    expect(formatFigure(scale)).toBe("scale change: +1.0 % (−2.4 % to +7.4 % over 3 slices) target ≥ −10.0 % PASS");
  });

  it("adds the baseline's own spread, and says when a figure has no target", () => {
    const direct = { ...booking, target: null, baseline: spreadOf([950, 1000, 1080]) };
    expect(formatFigure(direct)).toBe("POST /v2/bookings vs bare: 0.32 (0.30 to 0.34 over 4 slices; baseline ±8 %) target report report");
  });
});

describe("verdicts", () => {
  it("reads each figure's verdict from its spread and lists the ones below target", () => {
    expect([booking, contention, scale].map(verdictOfFigure)).toEqual(["BELOW", "inconclusive", "PASS"]);
    expect(below([booking, contention, scale])).toEqual([booking]);
  });
});

describe("formatComparison", () => {
  it("shows each run's median and verdict and the difference from the first run", () => {
    const second = [
      { ...booking, spread: spreadOf([0.33, 0.35, 0.35, 0.36]) },
      { ...scale, spread: spreadOf([0.05, 0.06, 0.07]) },
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
