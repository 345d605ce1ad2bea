/**
 * Where one request's time goes: the probe sent SAMPLES times one after another with `x-convene-timing: 1`, and
 * the server's Server-Timing phases (server/http/server-timing.ts) averaged: database round trips (count and
 * time), named phases (slot engine, serialisation, …), the rest of the handler, and the framework (the client's
 * latency less the handler's total: Next.js routing, HTTP parsing, the network stack).
 */
import { parseServerTiming, TIMING_REQUEST_HEADER } from "../../server/http/server-timing";
import type { Probe } from "./scenario";

export const PHASE_SAMPLES = 100;

export type PhaseSplit = { samples: number; clientMs: number; queries: number; phases: Map<string, number> };

export async function phaseSplit(baseUrl: string, probe: Probe, samples = PHASE_SAMPLES): Promise<PhaseSplit> {
  const sums = new Map<string, number>();
  let clientMs = 0;
  let queries = 0;
  for (let i = 0; i < samples; i++) {
    const headers = { ...probe.headers, ...probe.headersPerBody?.[i], [TIMING_REQUEST_HEADER]: "1" };
    const body = probe.bodies ? probe.bodies[i] : probe.body;
    const startedAt = performance.now();
    const response = await fetch(`${baseUrl}${probe.path}`, { method: probe.method ?? "GET", headers, body });
    await response.arrayBuffer();
    const elapsed = performance.now() - startedAt;
    if (response.status !== probe.expectStatus) throw new Error(`${probe.method ?? "GET"} ${probe.path}: ${response.status}, expected ${probe.expectStatus}`);
    const timing = parseServerTiming(response.headers.get("server-timing") ?? "");
    if (!timing.total) throw new Error("no Server-Timing header: is the bench server running with SERVER_TIMING=1?");
    clientMs += elapsed;
    queries += timing.db?.queries ?? 0;
    for (const [name, { ms }] of Object.entries(timing)) sums.set(name, (sums.get(name) ?? 0) + ms);
  }
  const phases = new Map([...sums].map(([name, ms]) => [name, ms / samples]));
  return { samples, clientMs: clientMs / samples, queries: queries / samples, phases };
}

/** Lines for the bench output: each phase's mean ms and share of the client's latency. */
export function formatPhaseSplit(name: string, split: PhaseSplit): string[] {
  const total = split.phases.get("total") ?? 0;
  const named = [...split.phases].filter(([phase]) => phase !== "total" && phase !== "db");
  const db = split.phases.get("db") ?? 0;
  const other = total - db - named.reduce((sum, [, ms]) => sum + ms, 0);
  const rows: [string, number][] = [
    [`database (${split.queries.toFixed(1)} queries)`, db],
    ...named,
    ["handler, other", other],
    ["framework", split.clientMs - total],
  ];
  const share = (ms: number) => `${((100 * ms) / split.clientMs).toFixed(0)}%`.padStart(5);
  return [
    `${name}: ${split.clientMs.toFixed(2)} ms per request (mean of ${split.samples}, one at a time)`,
    ...rows.map(([phase, ms]) => `  ${phase.padEnd(30)} ${ms.toFixed(2).padStart(8)} ms ${share(ms)}`),
  ];
}
