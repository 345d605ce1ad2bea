/** sharedReads: one query for callers waiting together, never a value read before the caller asked. */
import { describe, expect, it } from "vitest";
import { sharedReads } from "./shared-reads";

/** A read whose answers the test releases one by one; each records the source's version when it started. */
function controlledSource() {
  let version = 0;
  const started: { key: string; version: number; finish: () => void; fail: (error: Error) => void }[] = [];
  const read = (key: string) =>
    new Promise<string>((resolve, reject) => {
      const at = version;
      started.push({ key, version: at, finish: () => resolve(`${key}@${at}`), fail: reject });
    });
  return { read, started, bump: () => (version += 1) };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("sharedReads", () => {
  it("answers callers that queued behind a running read with one later read, started after they asked", async () => {
    const source = controlledSource();
    const load = sharedReads(source.read);
    const first = load("a");
    source.bump(); // a write commits after the first read started and before the others ask
    const later = [load("a"), load("a"), load("a")];
    expect(source.started).toHaveLength(1);
    source.started[0]!.finish();
    await tick();
    expect(source.started).toHaveLength(2); // one read for the three that waited
    source.started[1]!.finish();
    expect(await first).toBe("a@0");
    expect(await Promise.all(later)).toEqual(["a@1", "a@1", "a@1"]); // they see the write
  });

  it("keeps keys apart, starts afresh once nothing runs, and lets a failed read fail only its own callers", async () => {
    const source = controlledSource();
    const load = sharedReads(source.read);
    const a = load("a");
    const b = load("b");
    expect(source.started.map(({ key }) => key)).toEqual(["a", "b"]);
    source.started[0]!.fail(new Error("boom"));
    await expect(a).rejects.toThrow("boom");
    source.started[1]!.finish();
    expect(await b).toBe("b@0");
    const again = load("a");
    expect(source.started).toHaveLength(3);
    source.started[2]!.finish();
    expect(await again).toBe("a@0");
  });

  it("a read queued behind a failed one still runs", async () => {
    const source = controlledSource();
    const load = sharedReads(source.read);
    const failing = load("a");
    const queued = load("a");
    source.started[0]!.fail(new Error("boom"));
    await expect(failing).rejects.toThrow("boom");
    await tick();
    source.started[1]!.finish();
    expect(await queued).toBe("a@0");
  });
});
