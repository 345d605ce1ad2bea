/**
 * A database outage under a running instance's background parts (issue 33): the job workers, their pg-boss pool and
 * the listening caches see the database stop, hang and come back, and none of it ends as an unhandled rejection or an
 * uncaught exception; after it, jobs run again without a restart. Its own scratch database: the workers here would
 * otherwise take other test files' jobs.
 */
import pg from "pg";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { makeHostWithEventType, attendee, utcAt } from "@/prisma/scheduling-factories";
import { startFaultProxy, type FaultProxy } from "../../e2e/support/fault-proxy";
import { postgresServerUrl } from "../../e2e/support/test-server";
import { disconnectDb, db } from "../db/client";
import { applyMigrations } from "../db/schema-engine";
import { createScratchDatabase, type ScratchDatabase } from "../db/scratch-database";
import { startWorkers, stopWorkers } from "./workers";

const DEADLINES = { DATABASE_CONNECT_TIMEOUT_MS: "1000", DATABASE_STATEMENT_TIMEOUT_MS: "1000", DATABASE_CANCEL_GRACE_MS: "1000" };
const previousUrl = process.env.DATABASE_URL;
const noParams = { params: Promise.resolve({}) };
const escaped: unknown[] = [];
const record = (error: unknown) => escaped.push(error);
let scratch: ScratchDatabase;
let proxy: FaultProxy;

beforeAll(async () => {
  scratch = await createScratchDatabase(postgresServerUrl(), "convene_outage");
  await applyMigrations(scratch.url);
  const target = new URL(scratch.url);
  proxy = await startFaultProxy({ host: target.hostname, port: Number(target.port || 5432) });
  await disconnectDb();
  Object.assign(process.env, DEADLINES, { DATABASE_URL: proxy.urlFor(scratch.url) });
  process.on("unhandledRejection", record);
  process.on("uncaughtException", record);
  await startWorkers();
}, 120_000);

afterAll(async () => {
  await stopWorkers();
  await disconnectDb();
  process.off("unhandledRejection", record);
  process.off("uncaughtException", record);
  await proxy?.close();
  for (const name of Object.keys(DEADLINES)) delete process.env[name];
  process.env.DATABASE_URL = previousUrl;
  await scratch?.drop();
}, 60_000);

async function terminateEverySession() {
  const admin = new pg.Client({ connectionString: scratch.url });
  await admin.connect();
  await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()");
  await admin.end();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function book(eventTypeId: number, apiKey: string, start: Date) {
  const { POST } = await import("@/app/v2/bookings/route");
  const request = new Request("http://localhost:3000/v2/bookings", {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${apiKey}` },
    body: JSON.stringify({ eventTypeId, start: start.toISOString(), attendee: attendee() }),
  });
  return POST(request, noParams);
}

it("workers and caches ride out a stopped and a hung database with nothing unhandled, then work again", async () => {
  const { eventType, apiKey } = await makeHostWithEventType();
  expect((await book(eventType.id, apiKey, utcAt(2, 9))).status).toBe(201);
  await proxy.refuse();
  for (const hour of [10, 11]) expect((await book(eventType.id, apiKey, utcAt(2, hour))).status).toBe(503);
  await sleep(3_000);
  await proxy.heal();
  proxy.freeze();
  await sleep(3_000);
  await proxy.heal();
  proxy.cut();
  // A server shutting down (or an administrator) ends every session with FATAL 57P01: pool, LISTEN and pg-boss connections.
  await sleep(1_000);
  await terminateEverySession();
  // Back: a booking's jobs (its mails, its event's deliveries) are taken and run by the same workers.
  await vi.waitFor(async () => expect((await book(eventType.id, apiKey, utcAt(2, 13))).status).toBe(201), { timeout: 15_000, interval: 500 });
  await vi.waitFor(
    async () => {
      const [{ waiting } = { waiting: -1 }] = await db.$queryRawUnsafe<{ waiting: number }[]>(
        "SELECT count(*)::int AS waiting FROM pgboss.job WHERE state IN ('created', 'retry', 'active') AND name NOT LIKE '__pgboss%'",
      );
      expect(waiting).toBe(0);
    },
    { timeout: 30_000, interval: 500 },
  );
  expect(escaped).toEqual([]);
}, 90_000);
