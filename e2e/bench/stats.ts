/**
 * The statistics every bench figure goes through: a figure is a median with a 95 % bootstrap interval (of the median
 * of its per-slice ratios, or of a ratio of two percentiles over the rounds or requests it rests on), and its verdict
 * comes from the whole interval, never from one slice. The interval of a median, unlike the slices' min–max, does
 * not widen with every slice added nor swing on one slice that a neighbour's job slowed down; min–max is kept too.
 */
import { seededRandom } from "../../server/slots/random-inputs";

/** "at least" for throughput shares and speed-ups, "at most" for latency ratios. */
export type Target = { atLeast: number } | { atMost: number };
export type Verdict = "PASS" | "BELOW" | "inconclusive";
/**
 * `median`: the statistic itself; `low`–`high`: its 95 % bootstrap interval; `samples`: how many slices, rounds or
 * requests it rests on (the smallest group's); `min`–`max`: the slices' own range, for per-slice figures.
 */
export type Spread = { median: number; low: number; high: number; samples: number; of: "slices" | "rounds" | "requests"; min?: number; max?: number };

/** Fewer slices than this give no verdict: one slice's drift is what the interleaving exists to see past. */
export const MIN_SAMPLES_FOR_VERDICT = 3;
const BOOTSTRAP_RESAMPLES = 2000;
/** Bootstrap intervals are 95 %: the 2.5th to the 97.5th percentile of the resampled statistic. */
const BOOTSTRAP_TAIL = 0.025;

/** Nearest-rank percentile (the value at rank ⌈share × n⌉), as latency reports give it. */
export function percentile(values: readonly number[], share: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))]!;
}

/** The middle value; the mean of the two middle values for an even count. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Per-slice values: their median with its bootstrap interval, and their min–max. */
export function sliceSpread(values: readonly number[]): Spread {
  return { ...bootstrap([values], ([slices]) => median(slices!), "slices"), min: Math.min(...values), max: Math.max(...values) };
}

/**
 * The statistic of `groups` (e.g. the race rounds' and the bare rounds' times) with a 95 % bootstrap interval: each
 * group resampled with replacement on its own, `resamples` times, from a fixed seed so a run's interval is repeatable
 * for the same inputs.
 */
export function bootstrap(groups: readonly (readonly number[])[], statistic: (groups: readonly number[][]) => number, of: Spread["of"], seed = 36): Spread {
  const random = seededRandom(seed);
  const resample = (values: readonly number[]) => values.map(() => values[Math.floor(random() * values.length)]!);
  const estimates = Array.from({ length: BOOTSTRAP_RESAMPLES }, () => statistic(groups.map(resample)));
  return {
    median: statistic(groups.map((values) => [...values])),
    low: percentile(estimates, BOOTSTRAP_TAIL),
    high: percentile(estimates, 1 - BOOTSTRAP_TAIL),
    samples: Math.min(...groups.map((values) => values.length)),
    of,
  };
}

/** PASS when the whole spread meets the target, BELOW when none of it does, inconclusive when it straddles it. */
export function verdictOf(spread: Spread, target: Target): Verdict {
  if (spread.samples < MIN_SAMPLES_FOR_VERDICT || [spread.low, spread.high].some((value) => !Number.isFinite(value))) return "inconclusive";
  const [worst, best] = "atLeast" in target ? [spread.low, spread.high] : [spread.high, spread.low];
  const meets = (value: number) => ("atLeast" in target ? value >= target.atLeast : value <= target.atMost);
  if (meets(worst)) return "PASS";
  if (!meets(best)) return "BELOW";
  return "inconclusive";
}

/**
 * How far a spread reaches from its median, as a share of it (±), by its slices' min–max where it has them: the ±10 %
 * a long-enough baseline must stay within.
 */
export const halfWidth = ({ median, low, high, min = low, max = high }: Spread) => Math.max(max - median, median - min) / Math.abs(median);

/** How far a spread's 95 % interval reaches from its median, as a share of it (±): how well the median itself is known. */
export const intervalHalfWidth = ({ median, low, high }: Spread) => Math.max(high - median, median - low) / Math.abs(median);

/** The second run's median against the first's, as a signed share of the first. */
export const runToRunDifference = (first: number, second: number) => (second - first) / Math.abs(first);
