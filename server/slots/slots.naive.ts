/**
 * The reference for computeSlots: the same rules (see slots.ts) checked minute by minute, written to be
 * obviously right rather than fast. Used by the property test and the benchmark only.
 *
 * Per host, over one array of minutes: which window-group each minute is in (-1 = unavailable) and
 * whether it is busy. A minute starts a new group when it is available and not strictly inside a window
 * that began earlier. Grids run from each group's first minute while still in that group; a start is
 * valid when all of its minutes are available, none of its buffered minutes is busy, and the time
 * rules hold.
 */
import { resolveRules, type ComputeSlotsInput, type Interval, type ResolvedRules, type Slot } from "./slots";

type Timeline = { origin: number; group: Int32Array; busy: Uint8Array };

function span(input: ComputeSlotsInput, rules: ResolvedRules): { origin: number; size: number } | null {
  const windows = input.hosts.flatMap((host) => host.available).filter((w) => w.end > w.start);
  if (windows.length === 0) return null;
  const origin = Math.min(...windows.map((w) => w.start)) - rules.before - 1;
  const limit = Math.max(...windows.map((w) => w.end)) + rules.after + 1;
  return { origin, size: limit - origin };
}

function timelineOf(available: readonly Interval[], busy: readonly Interval[], origin: number, size: number): Timeline {
  const covered = new Uint8Array(size);
  const interior = new Uint8Array(size);
  for (const { start, end } of available) {
    for (let minute = start; minute < end; minute++) {
      covered[minute - origin] = 1;
      if (minute > start) interior[minute - origin] = 1;
    }
  }
  const group = new Int32Array(size).fill(-1);
  let current = -1;
  for (let index = 0; index < size; index++) {
    if (!covered[index]) continue;
    if (!interior[index]) current = index; // a group is named by its first minute
    group[index] = current;
  }
  const busyMinutes = new Uint8Array(size);
  for (const { start, end } of busy) {
    for (let minute = Math.max(start, origin); minute < Math.min(end, origin + size); minute++) busyMinutes[minute - origin] = 1;
  }
  return { origin, group, busy: busyMinutes };
}

/** Several hosts as one: a minute is available when all are, in a group named by the tuple of theirs. */
function intersectTimelines(timelines: Timeline[], size: number): Timeline {
  const group = new Int32Array(size).fill(-1);
  const busy = new Uint8Array(size);
  let current = -1;
  for (let index = 0; index < size; index++) {
    if (timelines.some((timeline) => timeline.busy[index])) busy[index] = 1;
    if (timelines.some((timeline) => timeline.group[index] === -1)) continue;
    const changed = index === 0 || timelines.some((timeline) => timeline.group[index] !== timeline.group[index - 1]);
    if (changed || group[index - 1] === -1) current = index;
    group[index] = current;
  }
  return { origin: timelines[0]!.origin, group, busy };
}

function validStarts(timeline: Timeline, rules: ResolvedRules): number[] {
  const { origin, group, busy } = timeline;
  const { length, interval, before, after, earliest, latest } = rules;
  const isAvailable = (minute: number) => minute - origin >= 0 && minute - origin < group.length && group[minute - origin] !== -1;
  const isBusy = (minute: number) => minute - origin >= 0 && minute - origin < busy.length && busy[minute - origin] === 1;
  const starts: number[] = [];
  for (let index = 0; index < group.length; index++) {
    if (group[index] !== index) continue; // not a group's first minute
    for (let start = origin + index; group[start - origin] === index; start += interval) {
      if (start < earliest || start >= latest) continue;
      let ok = true;
      for (let minute = start; minute < start + length && ok; minute++) ok = isAvailable(minute);
      for (let minute = start - before; minute < start + length + after && ok; minute++) ok = !isBusy(minute);
      if (ok) starts.push(start);
    }
  }
  return starts.sort((a, b) => a - b);
}

export function computeSlotsNaive(input: ComputeSlotsInput): Slot[] {
  const rules = resolveRules(input);
  const extent = span(input, rules);
  if (input.hosts.length === 0 || extent === null) return [];
  const { origin, size } = extent;
  const timelines = input.hosts.map((host) => timelineOf(host.available, host.busy, origin, size));

  if (input.mode === "collective") {
    if (input.hosts.some((host) => host.available.every((w) => w.end <= w.start))) return [];
    const hostIds = input.hosts.map((host) => host.id);
    return validStarts(intersectTimelines(timelines, size), rules).map((start) => ({ start, hostIds: [...hostIds] }));
  }

  const byStart = new Map<number, number[]>();
  input.hosts.forEach((host, h) => {
    for (const start of validStarts(timelines[h]!, rules)) byStart.set(start, [...(byStart.get(start) ?? []), host.id]);
  });
  return [...byStart.keys()].sort((a, b) => a - b).map((start) => ({ start, hostIds: byStart.get(start)! }));
}
