// The pool decides at its first connection whether to time queries: this file's process measures.
process.env.SERVER_TIMING = "1";

import { afterAll, describe, expect, it, vi } from "vitest";
import { db, disconnectDb, sql } from "../db/client";
import { defineRoute } from "./api-route";
import { parseServerTiming, queryRecorder, recordServerTiming, TIMING_REQUEST_HEADER, timePhase } from "./server-timing";

afterAll(() => disconnectDb());

const route = defineRoute({ method: "GET", path: "/v2/timing-test", summary: "test", tag: "Test", access: "public" }, async () => {
  await sql("SELECT 1");
  const users = await db.user.count();
  return timePhase("engine", () => ({ users }));
});

const call = (headers: Record<string, string> = {}) =>
  route.handle(new Request("http://localhost/v2/timing-test", { headers }), { params: Promise.resolve({}) });

describe("Server-Timing", () => {
  it("counts a measured request's queries, through pg directly and through Prisma, and its named phases", async () => {
    const response = await call({ [TIMING_REQUEST_HEADER]: "1" });
    expect(response.status).toBe(200);
    const timing = parseServerTiming(response.headers.get("server-timing") ?? "");
    expect(timing.db?.queries).toBe(2);
    expect(Object.keys(timing).sort()).toEqual(["db", "engine", "serialize", "total"]);
    expect(timing.total!.ms).toBeGreaterThanOrEqual(timing.db!.ms);
  });

  it("records into one store even where the module is loaded twice, as Next.js bundles it into several chunks", async () => {
    vi.resetModules();
    const copy = await import("./server-timing");
    expect(copy.recordServerTiming).not.toBe(recordServerTiming);
    const { header } = await copy.recordServerTiming(async () => queryRecorder()?.(1.5));
    expect(parseServerTiming(header()).db).toEqual({ ms: 1.5, queries: 1 });
  });

  it("is not sent to a request that did not ask, nor when the server does not allow it", async () => {
    expect((await call()).headers.get("server-timing")).toBeNull();
    process.env.SERVER_TIMING = "0";
    try {
      expect((await call({ [TIMING_REQUEST_HEADER]: "1" })).headers.get("server-timing")).toBeNull();
    } finally {
      process.env.SERVER_TIMING = "1";
    }
  });

  it("keeps concurrent recordings apart", async () => {
    const [one, three] = await Promise.all([
      recordServerTiming(() => sql("SELECT 1")),
      recordServerTiming(async () => {
        for (let i = 0; i < 3; i++) await sql("SELECT 1");
      }),
    ]);
    expect(parseServerTiming(one.header()).db?.queries).toBe(1);
    expect(parseServerTiming(three.header()).db?.queries).toBe(3);
  });
});
