/**
 * Requests of one process that need the same row at the same moment (a burst of bookings for one event type) share
 * one query instead of sending one each. A shared read never predates a request that uses it: while a read of a key
 * runs, later callers join the next one, which starts when the running one ends. So whatever had committed when a
 * caller arrived is in what it gets (no cache: nothing is kept once a read has answered).
 * Callers share the value: they must not change it.
 */
export function sharedReads<Key, Value>(read: (key: Key) => Promise<Value>): (key: Key) => Promise<Value> {
  const running = new Map<Key, Promise<Value>>();
  const queued = new Map<Key, Promise<Value>>();

  const start = (key: Key): Promise<Value> => {
    const reading = read(key).finally(() => {
      if (running.get(key) === reading) running.delete(key);
    });
    running.set(key, reading);
    return reading;
  };

  return (key: Key) => {
    const current = running.get(key);
    if (!current) return start(key);
    let next = queued.get(key);
    if (!next) {
      const settled = current.then(
        () => undefined,
        () => undefined,
      );
      next = settled.then(() => {
        queued.delete(key);
        return start(key);
      });
      queued.set(key, next);
    }
    return next;
  };
}
