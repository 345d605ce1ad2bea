/**
 * A benchmark scenario: one request measured against the bare Next.js route handler (GET /api/health),
 * so the figure that travels between machines is the ratio, not the absolute throughput.
 * Add one by writing e2e/bench/scenarios/<name>.ts and listing it in run.ts.
 */
export type Probe = {
  method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /**
   * One body per request, for single-use inputs (authorization codes): the probe then sends exactly
   * these, once each, instead of running for a duration, and is not warmed up.
   */
  bodies?: string[];
  /** With `bodies`: extra headers for the body at the same index (e.g. each booking from its own address). */
  headersPerBody?: Record<string, string>[];
  /**
   * Single-use bodies that expire (authorization codes live 60 s): `count` in all, made by `make` right before each
   * slice that sends them (interleaved.ts), as `bodies` would be sent. Such a probe is not warmed up.
   */
  freshBodies?: { count: number; make: (count: number) => Promise<string[]> };
  /** With `bodies`: other single-use bodies to warm the route up with, sent before the measured ones. */
  warmup?: Pick<Probe, "bodies" | "headersPerBody">;
  /** Every response must have this status, or the figures measure an error path and are void. */
  expectStatus: number;
};

export type Scenario = {
  name: string;
  /** Minimum throughput as a share of the bare handler's; null when the figure is only reported. */
  minRatio: number | null;
  /**
   * Seeds what the probe needs, just before it is measured. process.env.DATABASE_URL already points at
   * the server's database.
   */
  prepare: (baseUrl: string) => Promise<Probe>;
};

export const BARE_HANDLER: Probe = { path: "/api/health", expectStatus: 200 };
