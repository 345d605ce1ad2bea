/**
 * One read of the hosts' busy time for several checks of one request that run at once: a series' occurrences, checked
 * before its lock (bookings/create/under-lock.ts bookSeries). Each check asks for its own windows; the checks that ask
 * within one turn of the event loop are answered together by one read over the extent of their windows, instead of
 * one read each (twelve round trips for a twelve-week series).
 *
 * Why a wider read gives the same answer: a busy or away period outside a check's own windows cuts none of that
 * check's schedule windows, so its slots are the same; the read's rows are only ever a superset.
 */
import type { Interval } from "./slots";

type Windows = { busy: Interval; away: Interval | null };

const extent = (intervals: readonly Interval[]): Interval | null =>
  intervals.length === 0 ? null : { start: Math.min(...intervals.map(({ start }) => start)), end: Math.max(...intervals.map(({ end }) => end)) };
type Waiting<T> = Windows & { resolve: (rows: T) => void; reject: (error: unknown) => void };

export type BusyBatch = {
  /** The rows for `windows`, read with the other checks' of this turn by `read` over their extent. */
  read<T>(group: string, windows: Windows, read: (extent: Windows) => Promise<T>): Promise<T>;
};

/** A batch for one request's checks; a group (the hosts read) is read separately from another. */
export function createBusyBatch(): BusyBatch {
  const groups = new Map<string, { waiting: Waiting<unknown>[]; read: (extent: Windows) => Promise<unknown> }>();
  const flush = (group: string) => {
    const { waiting, read } = groups.get(group)!;
    groups.delete(group);
    const aways = waiting.flatMap(({ away }) => (away ? [away] : []));
    read({ busy: extent(waiting.map(({ busy }) => busy))!, away: extent(aways) }).then(
      (rows) => waiting.forEach(({ resolve }) => resolve(rows)),
      (error: unknown) => waiting.forEach(({ reject }) => reject(error)),
    );
  };
  return {
    read<T>(group: string, windows: Windows, read: (extent: Windows) => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        let pending = groups.get(group);
        if (!pending) {
          groups.set(group, (pending = { waiting: [], read }));
          // After the promise jobs of this turn: every check started together has asked by then.
          setImmediate(() => flush(group));
        }
        pending.waiting.push({ ...windows, resolve: resolve as (rows: unknown) => void, reject });
      });
    },
  };
}
