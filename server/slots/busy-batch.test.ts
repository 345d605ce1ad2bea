import { describe, expect, it } from "vitest";
import { createBusyBatch } from "./busy-batch";

describe("createBusyBatch", () => {
  it("answers the checks that ask in one turn with one read over the extent of their windows", async () => {
    const batch = createBusyBatch();
    const reads: unknown[] = [];
    const read = async (extent: unknown) => (reads.push(extent), ["rows"]);
    const answers = await Promise.all([
      batch.read("1,2", { busy: { start: 100, end: 130 }, away: { start: 60, end: 600 } }, read),
      batch.read("1,2", { busy: { start: 10_180, end: 10_210 }, away: null }, read),
      batch.read("1,2", { busy: { start: 20_260, end: 20_290 }, away: { start: 20_000, end: 20_500 } }, read),
    ]);
    expect(reads).toEqual([{ busy: { start: 100, end: 20_290 }, away: { start: 60, end: 20_500 } }]);
    expect(answers).toEqual([["rows"], ["rows"], ["rows"]]);
  });

  it("reads other hosts apart, and reads again for checks that ask in a later turn", async () => {
    const batch = createBusyBatch();
    const reads: string[] = [];
    const read = (group: string) => async () => (reads.push(group), group);
    const window = { busy: { start: 0, end: 30 }, away: null };
    await Promise.all([batch.read("1", window, read("1")), batch.read("2", window, read("2"))]);
    await batch.read("1", window, read("1 later"));
    expect(reads.sort()).toEqual(["1", "1 later", "2"]);
  });

  it("fails every check of a read that fails", async () => {
    const batch = createBusyBatch();
    const failing = () => Promise.reject(new Error("connection lost"));
    const window = { busy: { start: 0, end: 30 }, away: null };
    const results = await Promise.allSettled([batch.read("1", window, failing), batch.read("1", window, failing)]);
    expect(results.map((result) => result.status)).toEqual(["rejected", "rejected"]);
  });
});
