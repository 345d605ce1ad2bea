/**
 * Slot starts packed with their host's position as one float64 each (start × H + h), so the engine's native numeric
 * operations sort and merge them: packedValue unpacks one, StartKeys collects every host's starts for computeSlots
 * (slots.ts) and merges them into slots with their free hosts.
 */
import type { Slot } from "./slots";

/**
 * The value of value × n + position, 0 ≤ position < n, without a slow floating-point `%`; the position is then
 * exactly key − value × n (both terms are integers below 2^53). Returns a number, not a pair: it runs once per busy
 * period and per slot start, and a pair each time was most of a 50-host listing's garbage.
 */
export function packedValue(key: number, n: number): number {
  const value = Math.floor(key / n);
  const position = key - value * n;
  // The division may round across an integer boundary; the exact remainder shows it.
  return position < 0 ? value - 1 : position >= n ? value + 1 : value;
}

/**
 * Buffers kept between calls for StartKeys: computeSlots is synchronous, so one call uses them at a time, and a
 * 50-host listing no longer makes an array of starts per host and the merge's buffers per request (they were much
 * of its garbage). Buffers grown past MAX_KEPT_KEYS for one huge call are not kept.
 */
const MAX_KEPT_KEYS = 1 << 20;
const kept = { keys: new Float64Array(4096), spare: new Float64Array(4096) };

/**
 * The hosts' starts, each packed with its host's position (start × H + h), host after host, each host's run sorted;
 * slots() merges the runs pairwise (log H rounds of tight loops: O(S log H)) and groups equal starts in one pass.
 * Ties keep host input order.
 */
export class StartKeys {
  private keys = kept.keys;
  private filled = 0;
  private largest = 0;
  /** Run r of the keys is [bounds[r], bounds[r + 1]). */
  private bounds = [0];

  constructor(private readonly hostCount: number) {}

  add(start: number, host: number): void {
    if (this.filled === this.keys.length) {
      const grown = new Float64Array(this.keys.length * 2);
      grown.set(this.keys);
      this.keys = grown;
    }
    this.keys[this.filled++] = start * this.hostCount + host;
    this.largest = Math.max(this.largest, Math.abs(start));
  }

  endHost(): void {
    this.bounds.push(this.filled);
  }

  slots(ids: readonly number[]): Slot[] {
    const { hostCount, filled } = this;
    if (!Number.isSafeInteger((this.largest + 1) * hostCount)) throw new RangeError("Slot starts too far from the epoch to pack with this many hosts");
    let keys = this.keys;
    let spare = kept.spare.length >= keys.length ? kept.spare : new Float64Array(keys.length);
    for (let bounds = this.bounds; bounds.length > 2;) {
      const merged = [0];
      const runs = bounds.length - 1;
      for (let run = 0; run < runs; run += 2) {
        const end = run + 2 <= runs ? bounds[run + 2]! : bounds[run + 1]!;
        mergeRuns(keys, bounds[run]!, bounds[run + 1]!, end, spare);
        merged.push(end);
      }
      [keys, spare] = [spare, keys];
      bounds = merged;
    }
    if (keys.length <= MAX_KEPT_KEYS) Object.assign(kept, { keys, spare });
    const slots: Slot[] = [];
    for (let first = 0; first < filled;) {
      const start = packedValue(keys[first]!, hostCount);
      let end = first + 1;
      while (end < filled && packedValue(keys[end]!, hostCount) === start) end++;
      // Sized once: pushing host by host regrew each slot's array about twice.
      const hostIds = new Array<number>(end - first);
      for (let index = first; index < end; index++) hostIds[index - first] = ids[keys[index]! - start * hostCount]!;
      slots.push({ start, hostIds });
      first = end;
    }
    return slots;
  }
}

/** Merges the sorted runs [from, middle) and [middle, end) of `source` into the same positions of `target`. */
function mergeRuns(source: Float64Array, from: number, middle: number, end: number, target: Float64Array): void {
  let i = from;
  let j = middle;
  let k = from;
  while (i < middle && j < end) target[k++] = source[i]! <= source[j]! ? source[i++]! : source[j++]!;
  while (i < middle) target[k++] = source[i++]!;
  while (j < end) target[k++] = source[j++]!;
}
