import { randomBytes } from "node:crypto";
import { attendee, utcAt } from "./prisma/scheduling-factories";
import { makeTeamEventType } from "./prisma/team-factories";
import { disconnectDb } from "./server/db/client";
import { startTestServer } from "./e2e/support/test-server";
import { parseServerTiming, TIMING_REQUEST_HEADER } from "./server/http/server-timing";
import { BARE_HANDLER } from "./e2e/bench/scenario";

const V = { "svc-api-version": "2024-08-13", "content-type": "application/json" };
const server = await startTestServer({ SERVER_TIMING: "1", TRUST_PROXY: "1", CALENDAR_ENCRYPTION_KEY: randomBytes(32).toString("base64") });
process.env.DATABASE_URL = server.databaseUrl;
const base = server.baseUrl;
try {
  const hours = { startMinute: 0, endMinute: 24 * 60 };
  const rr = await makeTeamEventType({ hosts: 50, schedulingType: "ROUND_ROBIN", hours });
  let n = 0;
  const book = async (start: Date) => {
    const i = n++;
    const t0 = performance.now();
    const r = await fetch(`${base}/v2/bookings`, { method: "POST", headers: { ...V, "x-forwarded-for": `10.7.${Math.floor(i / 250)}.${i % 250}`, [TIMING_REQUEST_HEADER]: "1" }, body: JSON.stringify({ eventTypeId: rr.eventType.id, start: start.toISOString(), attendee: attendee(`B ${i}`) }) });
    await r.arrayBuffer();
    return { status: r.status, ms: performance.now() - t0, timing: parseServerTiming(r.headers.get("server-timing") ?? "") };
  };
  // warm
  for (let i = 0; i < 20; i++) await book(utcAt(20, i % 24));
  // sequential split
  const sums = new Map<string, number>(); let q = 0; let cl = 0; const N = 30;
  for (let i = 0; i < N; i++) { const r = await book(utcAt(21 + Math.floor(i / 24), i % 24)); cl += r.ms; q += r.timing.db?.queries ?? 0; for (const [k, v] of Object.entries(r.timing)) sums.set(k, (sums.get(k) ?? 0) + v.ms); }
  console.log("sequential RR booking: client", (cl / N).toFixed(1), "ms; queries", (q / N).toFixed(1), [...sums].map(([k, v]) => `${k}=${(v / N).toFixed(1)}`).join(" "));
  const bareRounds: number[] = [];
  for (let r = 0; r < 8; r++) { const t0 = performance.now(); await Promise.all(Array.from({ length: 50 }, () => fetch(`${base}${BARE_HANDLER.path}`).then((x) => x.arrayBuffer()))); bareRounds.push(performance.now() - t0); }
  console.log("bare rounds", bareRounds.map((x) => x.toFixed(0)).join(" "));
  for (let round = 0; round < 8; round++) {
    const t0 = performance.now();
    const results = await Promise.all(Array.from({ length: 50 }, () => book(utcAt(2 + Math.floor(round / 24), round % 24))));
    const total = performance.now() - t0;
    const statuses = results.reduce((m, r) => ((m[r.status] = (m[r.status] ?? 0) + 1), m), {} as Record<number, number>);
    const avg = (k: string) => (results.reduce((s, r) => s + (r.timing[k]?.ms ?? 0), 0) / results.length).toFixed(1);
    const qs = (results.reduce((s, r) => s + (r.timing.db?.queries ?? 0), 0) / results.length).toFixed(1);
    const keys = [...new Set(results.flatMap((r) => Object.keys(r.timing)))];
    console.log(`round ${round}: ${total.toFixed(0)} ms`, JSON.stringify(statuses), `q=${qs}`, keys.map((k) => `${k}=${avg(k)}`).join(" "), "max client", Math.max(...results.map((r) => r.ms)).toFixed(0));
  }
} finally { await disconnectDb(); await server.stop(); }
