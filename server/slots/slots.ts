/**
 * The slot algorithm: pure functions over integer minutes since the Unix epoch (UTC). No I/O and no
 * Date objects; time zones enter only through expandSchedule (via local-time.ts, one Intl lookup per
 * zone and day). Intervals are half-open [start, end).
 *
 * Semantics, shared with the per-minute reference in slots.naive.ts (a property test holds them equal):
 * - Availability windows are normalised first: sorted, and windows that overlap (start < end of the
 *   group so far) merge into one *group*. Windows that only touch (one ends where the next starts, such as
 *   17:00–24:00 and the next day's 00:00–09:00) stay separate groups but join into one *run*.
 * - Slot starts form a grid per group: the group's start, then every `interval` minutes while inside the
 *   group. The grid never depends on the requested range, so a listing and a single-slot check agree.
 * - A slot [s, s + length) must lie inside availability (one run: it may cross from a group into a touching one).
 * - The host must not be busy during [s − beforeEventBuffer, s + length + afterEventBuffer). Buffers need
 *   not lie inside availability: a 09:00 slot with a 15-minute before-buffer is fine in a 09:00–17:00 day
 *   unless something is busy at 08:45–09:00. Busy intervals already include existing bookings' buffers.
 * - rangeStart ≤ s < rangeEnd; s ≥ now + minimumBookingNotice; s before the end of calendar day
 *   today + periodDays in the schedule's zone (when set).
 * - collective: every host available (groups are intersected) and free. roundRobin/any: each host's own
 *   grid and checks; a start is offered when at least one host is free, with the free hosts listed.
 */
import { dayNumberFromIsoDate, localDayOf, localDaySpan, localDayToUtc, wallClockToUtc, weekdayOf } from "./local-time";
import { packedValue, StartKeys } from "./packed-keys";

export type Interval = { start: number; end: number };

/** A loaded schedule (server/schedules/schedule-loader.ts): minutes after local midnight in `timeZone`. */
export type ScheduleShape = {
  readonly timeZone: string;
  readonly weekly: readonly { days: readonly number[]; startMinute: number; endMinute: number }[];
  readonly overrides: readonly { date: string; startMinute: number; endMinute: number }[];
};

export type SlotMode = "collective" | "roundRobin" | "any";
export type SlotHost = { id: number; available: readonly Interval[]; busy: readonly Interval[] };

export type SlotRules = {
  lengthInMinutes: number;
  /** Minutes between slot starts; null/undefined means lengthInMinutes. */
  slotInterval?: number | null;
  beforeEventBuffer?: number;
  afterEventBuffer?: number;
  minimumBookingNotice?: number;
  /**
   * Booking window in calendar days: starts are allowed until the end of the day `periodDays` days after
   * today, days counted in `periodTimeZone` (the schedule's zone; UTC when absent). null/undefined: unlimited.
   */
  periodDays?: number | null;
  periodTimeZone?: string;
};

export type ComputeSlotsInput = SlotRules & {
  mode: SlotMode;
  hosts: SlotHost[];
  /** Slot starts are kept when rangeStart ≤ start < rangeEnd. */
  range: Interval;
  /** The current minute (round up, so a slot is never in the past). */
  now: number;
};

/** `hostIds`: the free hosts, in input order (every host for collective). */
/** `seats`: a seated event type's slot (seated-slots.ts), set by the listings only. */
export type Slot = { start: number; hostIds: number[]; seats?: { bookingUid?: string; attendeesCount?: number; seatsLeft: number | null } };

/** Grid parameters shared by the optimized and the naive implementation. */
export type ResolvedRules = { length: number; interval: number; before: number; after: number; earliest: number; latest: number };

export function resolveRules(input: ComputeSlotsInput): ResolvedRules {
  const length = input.lengthInMinutes;
  const interval = input.slotInterval ?? length;
  const before = input.beforeEventBuffer ?? 0;
  const after = input.afterEventBuffer ?? 0;
  for (const [name, value, min] of [
    ["lengthInMinutes", length, 1],
    ["slotInterval", interval, 1],
    ["beforeEventBuffer", before, 0],
    ["afterEventBuffer", after, 0],
  ] as const) {
    if (!Number.isInteger(value) || value < min) throw new RangeError(`${name} must be an integer ≥ ${min}, got ${value}`);
  }
  const earliest = Math.max(input.range.start, input.now + (input.minimumBookingNotice ?? 0));
  return { length, interval, before, after, earliest, latest: Math.min(input.range.end, bookingWindowEnd(input)) };
}

/**
 * The first minute after the booking window: local midnight after day (today + periodDays) in the
 * schedule's zone. Counting whole calendar days, not periodDays × 24 h from now, is what
 * {type: "calendarDays", rolling: false} promises: the last bookable day is bookable all day long.
 */
export function bookingWindowEnd(input: Pick<ComputeSlotsInput, "now" | "periodDays" | "periodTimeZone">): number {
  if (input.periodDays == null) return Number.POSITIVE_INFINITY;
  const timeZone = input.periodTimeZone ?? "UTC";
  return localDayToUtc(timeZone, localDayOf(timeZone, input.now) + input.periodDays + 1)(0);
}

const byStart = (a: Interval, b: Interval) => a.start - b.start || a.end - b.end;

/**
 * Positions of `intervals` ordered by start. Hot path: each (start, position) pair is packed into one
 * float64 (start × n + position) so the engine's native numeric sort does the work without a comparator
 * callback (~3× faster than sorting objects); exact while |start| × n stays below 2^53.
 */
function orderByStart(intervals: readonly Interval[]): ArrayLike<number> {
  const n = intervals.length;
  const keys = new Float64Array(n);
  let largest = 0;
  for (let index = 0; index < n; index++) largest = Math.max(largest, Math.abs(intervals[index]!.start));
  if (!Number.isSafeInteger((largest + 1) * n)) return intervals.map((_, index) => index).sort((a, b) => byStart(intervals[a]!, intervals[b]!));
  for (let index = 0; index < n; index++) keys[index] = intervals[index]!.start * n + index;
  keys.sort();
  for (let index = 0; index < n; index++) keys[index] = keys[index]! - packedValue(keys[index]!, n) * n;
  return keys;
}

function isSortedByStart(intervals: readonly Interval[]): boolean {
  for (let index = 1; index < intervals.length; index++) if (intervals[index]!.start < intervals[index - 1]!.start) return false;
  return true;
}

/** Whether `intervals` are sorted, non-empty, and apart (touching allowed unless `joinTouching`): normalized already. */
function isNormalized(intervals: readonly Interval[], joinTouching: boolean): boolean {
  let previousEnd = Number.NEGATIVE_INFINITY;
  for (let index = 0; index < intervals.length; index++) {
    const { start, end } = intervals[index]!;
    if (end <= start || start < previousEnd || (joinTouching && start === previousEnd)) return false;
    previousEnd = end;
  }
  return true;
}

/**
 * Sorted, with overlapping intervals merged; touching ones too when `joinTouching`. Empty ones dropped. Input that is
 * normalized already comes back as it is, not copied (a host's booked half hours usually are: at a 50-host listing's
 * scale the copies were 15 000 objects per request), so the result is read-only.
 */
export function normalizeIntervals(intervals: readonly Interval[], joinTouching: boolean): readonly Interval[] {
  if (isNormalized(intervals, joinTouching)) return intervals;
  // Hosts' booked time usually arrives sorted already (host-busy-cache.ts keeps it so): then no sort at all.
  const order = isSortedByStart(intervals) ? null : orderByStart(intervals);
  const merged: Interval[] = [];
  let last: Interval | undefined;
  for (let index = 0; index < intervals.length; index++) {
    const { start, end } = intervals[order ? order[index]! : index]!;
    if (end <= start) continue;
    if (last && (start < last.end || (joinTouching && start === last.end))) last.end = Math.max(last.end, end);
    else merged.push((last = { start, end }));
  }
  return merged;
}

/** `from` minus every interval of `removed` (both normalised or not); pieces keep their order. */
export function subtractIntervals(from: readonly Interval[], removed: readonly Interval[]): Interval[] {
  const cuts = normalizeIntervals(removed, true);
  const result: Interval[] = [];
  let first = 0;
  for (const window of isSortedByStart(from) ? from : [...from].sort(byStart)) {
    while (first < cuts.length && cuts[first]!.end <= window.start) first++;
    let cursor = window.start;
    for (let index = first; index < cuts.length && cuts[index]!.start < window.end; index++) {
      const cut = cuts[index]!;
      if (cut.start > cursor) result.push({ start: cursor, end: cut.start });
      cursor = Math.max(cursor, cut.end);
    }
    if (cursor < window.end) result.push({ start: cursor, end: window.end });
  }
  return result;
}

/**
 * The schedule's windows in UTC minutes, sorted, overlapping windows merged (touching ones kept apart),
 * for every local day in `schedule.timeZone` that the range touches plus the following day (so a slot near
 * the end of the range that runs past midnight sees the next day's windows); windows ending at or before
 * range.start are left out. Windows are not clipped: slot grids start at a window's real start.
 *
 * Weekly windows keep their wall-clock times across DST changes; a date's overrides replace its weekly
 * windows (an override of 0–0 contributes nothing, so a date with only that is unavailable). Gap and
 * overlap times follow localDayToUtc: a spring-forward gap maps forward, a fall-back overlap takes the
 * first occurrence. A window entirely inside a gap is empty and dropped.
 */
export function expandSchedule(schedule: ScheduleShape, range: Interval): readonly Interval[] {
  if (range.end <= range.start) return [];
  const { timeZone } = schedule;
  // Only dates with overrides get a list: a team's check expands every member's schedule, and most have none.
  const overridesByDay = new Map<number, { startMinute: number; endMinute: number }[]>();
  for (const override of schedule.overrides) {
    const dayNumber = dayNumberFromIsoDate(override.date);
    if (dayNumber === null) continue;
    const list = overridesByDay.get(dayNumber) ?? [];
    list.push(override);
    overridesByDay.set(dayNumber, list);
  }

  const windows: Interval[] = [];
  const add = (day: number, startMinute: number, endMinute: number) => {
    if (endMinute <= startMinute) return;
    const offsets = localDaySpan(timeZone, day);
    const start = wallClockToUtc(offsets, day, startMinute);
    const end = wallClockToUtc(offsets, day, endMinute);
    if (end > start && end > range.start) windows.push({ start, end });
  };
  const lastDay = localDayOf(timeZone, range.end - 1) + 1;
  for (let day = localDayOf(timeZone, range.start); day <= lastDay; day++) {
    const overrides = overridesByDay.get(day);
    if (overrides) for (const { startMinute, endMinute } of overrides) add(day, startMinute, endMinute);
    else {
      const weekday = weekdayOf(day);
      for (const { days, startMinute, endMinute } of schedule.weekly) if (days.includes(weekday)) add(day, startMinute, endMinute);
    }
  }
  return normalizeIntervals(windows, false);
}

/** A group (slot grid) with the end of the run it belongs to (how far a slot from it may extend). */
type Group = { start: number; end: number; runEnd: number };

function groupsOf(available: readonly Interval[]): Group[] {
  const groups: Group[] = normalizeIntervals(available, false).map(({ start, end }) => ({ start, end, runEnd: end }));
  for (let index = groups.length - 2; index >= 0; index--) {
    if (groups[index]!.end === groups[index + 1]!.start) groups[index]!.runEnd = groups[index + 1]!.runEnd;
  }
  return groups;
}

/** Groups available to every host: pairwise intersections of their groups (a sweep per host). */
function intersectGroups(hosts: readonly SlotHost[]): Group[] {
  let pieces: readonly Interval[] = normalizeIntervals(hosts[0]?.available ?? [], false);
  for (const host of hosts.slice(1)) {
    const other = normalizeIntervals(host.available, false);
    const next: Interval[] = [];
    let i = 0;
    let j = 0;
    while (i < pieces.length && j < other.length) {
      const a = pieces[i]!;
      const b = other[j]!;
      const start = Math.max(a.start, b.start);
      const end = Math.min(a.end, b.end);
      if (start < end) next.push({ start, end });
      if (a.end < b.end) i++;
      else j++;
    }
    pieces = next;
  }
  return groupsOf(pieces);
}

/**
 * The busy intervals that can touch a slot of these groups, i.e. overlap some [group.start − before,
 * group.runEnd + after): a binary search per interval, O(B log G), so the sort that follows only sees
 * those (most busy time of a big team lies outside the hours they share).
 */
function busyNear(groups: readonly Group[], busy: readonly Interval[], rules: ResolvedRules): Interval[] {
  if (groups.length === 0) return [];
  const near: Interval[] = [];
  for (const interval of busy) {
    // First group whose reach ends after the interval starts (runEnd never decreases along the groups).
    let low = 0;
    let high = groups.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (groups[middle]!.runEnd + rules.after > interval.start) high = middle;
      else low = middle + 1;
    }
    if (low < groups.length && groups[low]!.start - rules.before < interval.end) near.push(interval);
  }
  return near;
}

/**
 * Busy time as gridStarts walks it: sorted by start, none empty. A host's bookings usually come so (host-busy-cache.ts
 * keeps them sorted), often back to back: then they are walked as they are, neither filtered nor merged, since the
 * walk passes over intervals far from every group as cheaply as a filter would. Otherwise only the intervals near
 * the groups are sorted and merged.
 */
function walkableBusy(groups: readonly Group[], busy: readonly Interval[], rules: ResolvedRules): readonly Interval[] {
  for (let index = 0; index < busy.length; index++) {
    const interval = busy[index]!;
    if (interval.end <= interval.start || (index > 0 && interval.start < busy[index - 1]!.start))
      return normalizeIntervals(busyNear(groups, busy, rules), true);
  }
  return busy;
}

/**
 * Valid starts on the groups' grids: O(groups + busy + slots). `busy` sorted by start with no empty interval
 * (walkableBusy): whatever lies before the pointer ends too early to block this start or any later one, and the
 * interval at the pointer starts no later than any after it, so it alone decides whether a start is blocked.
 */
function gridStarts(groups: readonly Group[], busy: readonly Interval[], rules: ResolvedRules, visit: (start: number) => void): void {
  const { length, interval, before, after, earliest, latest } = rules;
  let b = 0;
  for (const group of groups) {
    const from = Math.max(group.start, earliest);
    const until = Math.min(group.end, latest, group.runEnd - length + 1); // exclusive bound on starts
    let start = group.start + Math.ceil((from - group.start) / interval) * interval;
    while (start < until) {
      while (b < busy.length && busy[b]!.end <= start - before) b++;
      const blocker = busy[b];
      if (blocker && blocker.start < start + length + after) {
        // Jump to the first grid point whose before-buffer clears this busy interval.
        start = group.start + Math.ceil((blocker.end + before - group.start) / interval) * interval;
        continue;
      }
      visit(start);
      start += interval;
    }
  }
}

export function computeSlots(input: ComputeSlotsInput): Slot[] {
  const rules = resolveRules(input);
  const { hosts } = input;
  if (hosts.length === 0 || rules.earliest >= rules.latest) return [];

  if (input.mode === "collective") {
    const groups = intersectGroups(hosts);
    if (groups.length === 0) return [];
    const busy = normalizeIntervals(
      hosts.flatMap((host) => busyNear(groups, host.busy, rules)),
      true,
    );
    const hostIds = hosts.map((host) => host.id);
    const slots: Slot[] = [];
    gridStarts(groups, busy, rules, (start) => slots.push({ start, hostIds: [...hostIds] }));
    return slots;
  }

  const keys = new StartKeys(hosts.length);
  hosts.forEach((host, h) => {
    const groups = groupsOf(host.available);
    gridStarts(groups, walkableBusy(groups, host.busy, rules), rules, (start) => keys.add(start, h));
    keys.endHost();
  });
  return keys.slots(hosts.map((host) => host.id));
}
