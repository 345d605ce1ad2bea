/**
 * A bench figure as it is reported: its spread, its target and the verdict drawn from them, and, with
 * `--repeat`, how far each figure moved between runs.
 */
import { halfWidth, intervalHalfWidth, runToRunDifference, verdictOf, type Spread, type Target, type Verdict } from "./stats";

export type Figure = {
  /** Stable across runs: `--repeat` matches figures by it. */
  name: string;
  spread: Spread;
  /** null: reported only. */
  target: Target | null;
  /** "percent": the values are changes (−0.024 is printed −2.4 %); else ratios. */
  unit?: "ratio" | "percent";
  /** The baseline's own spread (its per-slice rate), when it is a rate of its own: how steady the yardstick was. */
  baseline?: Spread;
};

export const verdictOfFigure = (figure: Figure): Verdict | "report" => (figure.target ? verdictOf(figure.spread, figure.target) : "report");

const signed = (value: number, digits: number) => `${value >= 0 ? "+" : "−"}${Math.abs(value).toFixed(digits)}`;
const formatValue = (value: number, unit: Figure["unit"]) => (unit === "percent" ? `${signed(100 * value, 1)} %` : value.toFixed(2));

function formatTarget(target: Target, unit: Figure["unit"]) {
  return "atLeast" in target ? `≥ ${formatValue(target.atLeast, unit)}` : `≤ ${formatValue(target.atMost, unit)}`;
}

function formatSpread({ low, high, samples, of, min, max }: Spread, unit: Figure["unit"]) {
  const range = (from: number, to: number) => `${formatValue(from, unit)} to ${formatValue(to, unit)}`;
  const slices = min === undefined || max === undefined ? "" : `; slices ${range(min, max)}`;
  return `95 % ${range(low, high)} over ${samples} ${of}${slices}`;
}

/** One line: median, spread, target and verdict, and the baseline's own spread when it has one. */
export function formatFigure(figure: Figure): string {
  // The baseline's slices' reach, and its median's interval: a slice's rate moves far more than their median does.
  const percent = (share: number) => `±${(100 * share).toFixed(0)} %`;
  const baseline = figure.baseline ? `; baseline slices ${percent(halfWidth(figure.baseline))}, its median ${percent(intervalHalfWidth(figure.baseline))}` : "";
  const verdict = figure.target ? `target ${formatTarget(figure.target, figure.unit)} ${verdictOfFigure(figure)}` : "reported, no target";
  return `${figure.name}: ${formatValue(figure.spread.median, figure.unit)} (${formatSpread(figure.spread, figure.unit)}${baseline}) ${verdict}`;
}

/** Every figure of every run by name: each run's median and verdict, and the largest difference from the first run. */
export function formatComparison(runs: readonly (readonly Figure[])[]): string[] {
  const names = [...new Set(runs.flatMap((figures) => figures.map(({ name }) => name)))];
  return names.map((name) => {
    const found = runs.map((figures) => figures.find((figure) => figure.name === name));
    const first = found[0];
    const cells = found.map((figure) => (figure ? `${formatValue(figure.spread.median, figure.unit)} ${verdictOfFigure(figure)}` : "—"));
    // A change is compared as it is (percentage points); a ratio as a share of the first run's.
    const differences = found
      .slice(1)
      .filter((figure): figure is Figure => Boolean(figure && first))
      .map((figure) =>
        figure.unit === "percent"
          ? `${signed(100 * (figure.spread.median - first!.spread.median), 1)} points`
          : `${signed(100 * runToRunDifference(first!.spread.median, figure.spread.median), 0)} %`,
      );
    return `${name}: ${cells.join(" | ")}${differences.length ? `; run to run ${differences.join(", ")}` : ""}`;
  });
}

/** Figures whose target was missed by their whole spread. */
export const below = (figures: readonly Figure[]) => figures.filter((figure) => verdictOfFigure(figure) === "BELOW");
