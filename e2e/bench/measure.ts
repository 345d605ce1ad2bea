/** One autocannon run of one probe: throughput and latency percentiles from every response's own timing. */
import autocannon from "autocannon";
import type { Probe } from "./scenario";

/**
 * `beforeSlice`: run before each slice of an interleaved measurement (interleaved.ts), outside its timing: the bench
 * waits there for the jobs earlier slices caused (queues-idle.ts), so that one side's leftover jobs (a booking's mail)
 * do not run in the next side's slice and make it look slower.
 */
export type Load = { connections: number; durationSeconds: number; beforeSlice?: () => Promise<void> };
export type Measurement = { requestsPerSecond: number; p50: number; p95: number; responses: number };

function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
}

export async function measure(baseUrl: string, probe: Probe, load: Load): Promise<Measurement> {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const bodies = probe.bodies;
  let next = 0;
  const nextRequest = (request: { headers?: Record<string, string> }) => {
    const index = next++ % bodies!.length;
    return { ...request, body: bodies![index], headers: { ...request.headers, ...probe.headersPerBody?.[index] } };
  };
  // Timed here, to the last response: autocannon ends a run of a fixed number of requests on its once-a-second tick,
  // so its own duration (10.4 s of bookings counted as 11) would move the figure by up to 10%.
  const startedAt = performance.now();
  let lastResponseAt = startedAt;
  const instance = autocannon({
    url: `${baseUrl}${probe.path}`,
    method: probe.method ?? "GET",
    headers: probe.headers,
    body: probe.body,
    connections: load.connections,
    ...(bodies
      ? { amount: bodies.length, requests: [{ setupRequest: (request: { headers?: Record<string, string> }) => nextRequest(request) }] }
      : { duration: load.durationSeconds }),
    timeout: 10,
  });
  instance.on("response", (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime);
    lastResponseAt = performance.now();
    statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
  });
  const result = await instance;
  const seconds = (lastResponseAt - startedAt) / 1000;

  const unexpected = [...statuses].filter(([status]) => status !== probe.expectStatus);
  if (unexpected.length > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(
      `${probe.method ?? "GET"} ${probe.path}: expected only ${probe.expectStatus}, got ${JSON.stringify(Object.fromEntries(statuses))}, ` +
        `${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: latencies.length / seconds,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    responses: latencies.length,
  };
}
