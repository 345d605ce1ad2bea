/**
 * A figure and its baseline measured in alternating slices (bare, scenario, scenario, bare, …) rather than one long
 * run each: these machines' speed drifts by a fifth within a minute, and a ratio of two runs taken back to back
 * carries whatever drift fell between them. Each slice of a figure is set against the baseline's slice next to it,
 * and the figure is the spread of those per-slice ratios (stats.ts).
 */
import { measure, type Load, type Measurement } from "./measure";
import { BARE_HANDLER, type Probe } from "./scenario";
import { sliceSpread, verdictOf, type Target } from "./stats";

/**
 * Even, so each side runs first in as many slices as it runs last; eight, so that one slice slowed by something else
 * on the machine moves the median's interval little (with six, one such slice in the resamples' middle pair reached
 * its 2.5th percentile). BENCH_SLICES overrides it.
 */
export const SLICES = Number(process.env.BENCH_SLICES ?? 8);

/**
 * The order of `sides` sides in each of `slices` slices: forward in even slices, backward in odd ones
 * (A B, B A, A B, …), so no side always runs right after the other (after its warm caches, or its leftover jobs).
 */
export function sliceOrder(sides: number, slices: number): number[][] {
  const forward = Array.from({ length: sides }, (_, side) => side);
  return Array.from({ length: slices }, (_, index) => (index % 2 === 0 ? forward : [...forward].reverse()));
}

/** Runs `sides[s](slice)` for every slice, in sliceOrder; the results by side, then by slice. */
export async function interleave<T>(sides: readonly ((slice: number) => Promise<T>)[], slices = SLICES): Promise<T[][]> {
  const results: T[][] = sides.map(() => []);
  for (const [index, order] of sliceOrder(sides.length, slices).entries()) {
    for (const side of order) results[side]![index] = await sides[side]!(index);
  }
  return results;
}

/** Each slice's `value` of `numerators` over the same slice's of `denominators`. */
export const sliceRatios = <T>(numerators: readonly T[], denominators: readonly T[], value: (item: T) => number) =>
  numerators.map((item, index) => value(item) / value(denominators[index]!));

/** The probe's share for slice `index` of `count`: its bodies split in order, or the same probe for a share of the time. */
export function slice(probe: Probe, index: number, count: number): Probe {
  if (!probe.bodies) return probe;
  const size = Math.ceil(probe.bodies.length / count);
  const range = [index * size, (index + 1) * size] as const;
  return { ...probe, bodies: probe.bodies.slice(...range), headersPerBody: probe.headersPerBody?.slice(...range) };
}

/** `slice`, with a probe's fresh bodies made now: the slice's share of them. */
async function sliceWithFreshBodies(probe: Probe, index: number, count: number): Promise<Probe> {
  if (!probe.freshBodies) return slice(probe, index, count);
  return { ...probe, bodies: await probe.freshBodies.make(Math.ceil(probe.freshBodies.count / count)) };
}

/** The slices of one side taken together: responses over the time they took; latencies weighted by responses. */
export function pooled(slices: readonly Measurement[]): Measurement {
  const responses = slices.reduce((sum, { responses }) => sum + responses, 0);
  const seconds = slices.reduce((sum, m) => sum + m.responses / m.requestsPerSecond, 0);
  const weighted = (key: "p50" | "p95") => slices.reduce((sum, m) => sum + m[key] * m.responses, 0) / Math.max(1, responses);
  return { requestsPerSecond: responses / seconds, p50: weighted("p50"), p95: weighted("p95"), responses };
}

export type Interleaved = { slices: Measurement[]; all: Measurement };

/** `probes` in interleaved slices of the load's duration (or of their bodies): each one's slices and their pool. */
export async function measureInterleaved(baseUrl: string, probes: readonly Probe[], load: Load, slices = SLICES): Promise<Interleaved[]> {
  const sliceLoad = { ...load, durationSeconds: Math.max(1, Math.round(load.durationSeconds / slices)) };
  const measured = await interleave(
    probes.map((probe) => async (index: number) => {
      const sliceProbe = await sliceWithFreshBodies(probe, index, slices);
      await load.beforeSlice?.();
      return measure(baseUrl, sliceProbe, sliceLoad);
    }),
    slices,
  );
  return measured.map((sliceMeasurements) => ({ slices: sliceMeasurements, all: pooled(sliceMeasurements) }));
}

/** `probe` against the bare handler: both sides, and the per-slice throughput ratios. */
export async function measureAgainstBare(baseUrl: string, probe: Probe, load: Load, slices = SLICES) {
  const [bare, measured] = await measureInterleaved(baseUrl, [BARE_HANDLER, probe], load, slices);
  return { bare: bare!, measured: measured!, ratios: sliceRatios(measured!.slices, bare!.slices, (m) => m.requestsPerSecond) };
}

/**
 * At most this many sets of SLICES slices for one figure. A figure within a tenth of its target straddles it with
 * eight slices' interval in one run and not in the next; more slices narrow the interval until it decides (issue 36).
 */
export const MAX_SLICE_SETS = 3;

export type AgainstBaseline = { bare: Interleaved; measured: Interleaved; ratios: number[] };

/** Two sets of slices of one figure as one: every slice kept, the pools made again. */
const joined = (first: AgainstBaseline, more: AgainstBaseline): AgainstBaseline => {
  const join = (a: Interleaved, b: Interleaved) => ({ slices: [...a.slices, ...b.slices], all: pooled([...a.slices, ...b.slices]) });
  return { bare: join(first.bare, more.bare), measured: join(first.measured, more.measured), ratios: [...first.ratios, ...more.ratios] };
};

/**
 * `measureSet(set)` (a figure against its baseline in SLICES interleaved slices; set 0, 1, …) again while the
 * per-slice ratios' verdict against `target` is inconclusive, up to MAX_SLICE_SETS sets. A probe of single-use bodies
 * brings MAX_SLICE_SETS sets of them and sends set `set`'s (setOf); a figure without a target is measured once.
 */
export async function untilDecided(target: Target | null, measureSet: (set: number) => Promise<AgainstBaseline>): Promise<AgainstBaseline> {
  let result = await measureSet(0);
  for (let set = 1; target && set < MAX_SLICE_SETS && verdictOf(sliceSpread(result.ratios), target) === "inconclusive"; set++) {
    result = joined(result, await measureSet(set));
  }
  return result;
}

/** Set `set` of MAX_SLICE_SETS equal sets of a probe's single-use bodies (untilDecided). */
export const setOf = (probe: Probe, set: number): Probe => slice(probe, set, MAX_SLICE_SETS);

/** measureAgainstBare, more slices while its verdict is inconclusive (untilDecided); once for fixed bodies, which cannot be sent again. */
export function measureAgainstBareUntilDecided(baseUrl: string, probe: Probe, load: Load, target: Target | null) {
  return untilDecided(probe.bodies ? null : target, () => measureAgainstBare(baseUrl, probe, load));
}
