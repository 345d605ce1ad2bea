/** The first error in `error`'s cause chain (itself, its cause, its cause's cause…) that `matches`, or null. */
export function findInCauseChain<T>(error: unknown, matches: (candidate: object) => candidate is object & T): T | null;
export function findInCauseChain(error: unknown, matches: (candidate: object) => boolean): object | null;
export function findInCauseChain(error: unknown, matches: (candidate: object) => boolean): object | null {
  const seen = new Set<unknown>();
  for (let current = error; typeof current === "object" && current !== null && !seen.has(current); current = (current as { cause?: unknown }).cause) {
    seen.add(current);
    if (matches(current)) return current;
  }
  return null;
}
