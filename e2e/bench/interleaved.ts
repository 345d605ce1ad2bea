/**
 * A scenario and the bare handler measured in alternating slices (bare, scenario, bare, scenario, …) rather than one
 * long run each: these machines' speed drifts by a fifth within a minute, and a ratio of two runs taken back to back
 * carries whatever drift fell between them. Each side's throughput is its responses over its own measured time.
 */
import { measure, type Load, type Measurement } from "./measure";
import { BARE_HANDLER, type Probe } from "./scenario";

export const SLICES = 3;

/** The probe's share for slice `index` of `count`: its bodies split in order, or the same probe for a share of the time. */
export function slice(probe: Probe, index: number, count: number): Probe {
  if (!probe.bodies) return probe;
  const size = Math.ceil(probe.bodies.length / count);
  const range = [index * size, (index + 1) * size] as const;
  return { ...probe, bodies: probe.bodies.slice(...range), headersPerBody: probe.headersPerBody?.slice(...range) };
}

export const emptyTotals = (): Totals => ({ responses: 0, seconds: 0, latencies: [] });

export type Totals = { responses: number; seconds: number; latencies: { p50: number; p95: number; weight: number }[] };

export const addSlice = (totals: Totals, measured: Measurement) => {
  totals.responses += measured.responses;
  totals.seconds += measured.responses / measured.requestsPerSecond;
  totals.latencies.push({ p50: measured.p50, p95: measured.p95, weight: measured.responses });
};

/** Percentiles of the slices, weighted by their responses (close to the whole run's for slices of one kind). */
const weighted = (totals: Totals, key: "p50" | "p95") =>
  totals.latencies.reduce((sum, slice) => sum + slice[key] * slice.weight, 0) / Math.max(1, totals.responses);

export const summary = (totals: Totals): Measurement => ({
  requestsPerSecond: totals.responses / totals.seconds,
  p50: weighted(totals, "p50"),
  p95: weighted(totals, "p95"),
  responses: totals.responses,
});

/** `first` and `second` in alternating slices of the load's duration (or of their bodies): each side's totals. */
export async function measureAlternating(
  baseUrl: string,
  first: Probe,
  second: Probe,
  load: Load,
  slices = SLICES,
): Promise<{ first: Measurement; second: Measurement }> {
  const sliceLoad = { ...load, durationSeconds: Math.max(1, Math.round(load.durationSeconds / slices)) };
  const totals = { first: emptyTotals(), second: emptyTotals() };
  for (let index = 0; index < slices; index++) {
    addSlice(totals.first, await measure(baseUrl, slice(first, index, slices), sliceLoad));
    addSlice(totals.second, await measure(baseUrl, slice(second, index, slices), sliceLoad));
  }
  return { first: summary(totals.first), second: summary(totals.second) };
}

export async function measureAgainstBare(baseUrl: string, probe: Probe, load: Load, slices = SLICES): Promise<{ bare: Measurement; measured: Measurement }> {
  const { first, second } = await measureAlternating(baseUrl, BARE_HANDLER, probe, load, slices);
  return { bare: first, measured: second };
}
