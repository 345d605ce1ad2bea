/**
 * `npm run bench [-- --repeat N] [-- --only a,b]`: a production server on a fresh database, each figure measured against its baseline
 * in interleaved slices (interleaved.ts) and reported as a spread with a verdict (stats.ts, figures.ts); with
 * `--repeat N` the whole set runs N times, each on a fresh server and database, and a last table shows how far each
 * figure moved between runs. `--only` runs the named sections alone (SECTIONS' names), for working on one of them.
 * Env: BENCH_CONNECTIONS (10), BENCH_DURATION seconds per side of a measurement, over all its slices (16),
 * BENCH_SLICES (8), BENCH_WARMUP seconds (3), BENCH_TIMEOUT seconds per run after the server is up (3600; a hung
 * server cannot hold the run).
 * Exits 1 when a figure is BELOW its target (its whole spread misses it) or an outcome is wrong; an inconclusive
 * figure is listed, not failed.
 */
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { disconnectDb } from "../../server/db/client";
import { startTestServer } from "../support/test-server";
import { below, formatComparison, formatFigure, verdictOfFigure, type Figure } from "./figures";
import { queuesIdle } from "./queues-idle";
import * as sections from "./sections";
import { halfWidth } from "./stats";

/** How far a baseline's slices may reach from its median on a quiet machine (issue 36). */
const BASELINE_TOLERANCE = 0.1;

const numberFromEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};

const settings: sections.Settings = {
  load: { connections: numberFromEnv("BENCH_CONNECTIONS", 10), durationSeconds: numberFromEnv("BENCH_DURATION", 16), beforeSlice: queuesIdle },
  warmupSeconds: numberFromEnv("BENCH_WARMUP", 3),
};
const timeoutSeconds = numberFromEnv("BENCH_TIMEOUT", 3600);

/**
 * In the order a run takes them. The algorithm's comes first: it needs no server, and fails fast if the slots differ.
 * The scale figure's comes last: its million bookings (and the vacuum, statistics and cache they take) were the
 * condition of every section after it, and those came out worse in a whole run than alone (the seat rounds 2.37
 * against 1.66 and 2.16, the series 2.96 against 2.69 and 2.86).
 */
const SECTIONS: Record<string, (baseUrl: string, report: sections.Report) => Promise<void> | void> = {
  algorithm: (_, report) => sections.algorithm(report),
  scenarios: (baseUrl, report) => sections.scenarios(baseUrl, report, settings),
  webhooks: (baseUrl, report) => sections.webhooks(baseUrl, report, settings),
  split: (baseUrl) => sections.phaseSplits(baseUrl),
  contention: (baseUrl, report) => sections.oneSlotContention(baseUrl, report),
  listings: (baseUrl, report) => sections.listings(baseUrl, report),
  roundRobin: (baseUrl, report) => sections.roundRobin(baseUrl, report, settings),
  mcp: (baseUrl, report) => sections.mcp(baseUrl, report, settings),
  seriesAndSeats: (baseUrl, report) => sections.seriesAndSeats(baseUrl, report, settings),
  scale: (baseUrl, report) => sections.bookingScale(baseUrl, report, settings),
};

const restoreEnv = (name: string, value: string | undefined) => (value === undefined ? delete process.env[name] : (process.env[name] = value));

async function benchOnce(only: readonly string[]): Promise<sections.Report> {
  // SERVER_TIMING: requests that ask get a Server-Timing split (phase-split.ts). TRUST_PROXY: the booking scenario
  // books each slot from its own address, as the HTTP tests do, so the per-caller booking limits stay out of it.
  // ALLOW_PRIVATE_NETWORK_URLS: the webhook figures deliver to a receiver on loopback (http://127.0.0.1); webhook
  // secrets are sealed with CALENDAR_ENCRYPTION_KEY.
  const { DATABASE_URL: databaseUrl, DATABASE_STATEMENT_TIMEOUT_MS: statementTimeout } = process.env;
  const server = await startTestServer({
    SERVER_TIMING: "1",
    TRUST_PROXY: "1",
    ALLOW_PRIVATE_NETWORK_URLS: "true",
    CALENDAR_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
  });
  const watchdog = setTimeout(() => {
    console.error(`bench: still running after ${timeoutSeconds} s; stopping`);
    void server.stop().finally(() => process.exit(2));
  }, timeoutSeconds * 1000);
  try {
    process.env.DATABASE_URL = server.databaseUrl;
    // The bench's own connection seeds 100 000 bookings in one statement: longer than a request may take.
    process.env.DATABASE_STATEMENT_TIMEOUT_MS = "600000";
    const report: sections.Report = { figures: [], failures: [] };
    // Every section runs even when one before it missed its target or failed: a run reports all of them.
    for (const [name, run] of Object.entries(SECTIONS)) {
      if (only.length > 0 && !only.includes(name)) continue;
      try {
        await run(server.baseUrl, report);
      } catch (error) {
        console.error(error);
        report.failures.push(`section ${name} stopped: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return report;
  } finally {
    clearTimeout(watchdog);
    await disconnectDb();
    await server.stop();
    // The next run's scratch database is made on the server the environment names, not in this run's dropped one.
    restoreEnv("DATABASE_URL", databaseUrl);
    restoreEnv("DATABASE_STATEMENT_TIMEOUT_MS", statementTimeout);
  }
}

function printSummary(figures: readonly Figure[], failures: readonly string[]) {
  console.log("\nFigures (each a median with its 95 % bootstrap interval; per-slice figures also give their slices' min to max):");
  for (const figure of figures) console.log(`  ${formatFigure(figure)}`);
  const inconclusive = figures.filter((figure) => verdictOfFigure(figure) === "inconclusive");
  if (inconclusive.length) console.log(`${inconclusive.length} inconclusive: the spread straddles the target; a quieter machine or longer slices decide it.`);
  const unsteady = figures.filter(({ baseline }) => baseline && halfWidth(baseline) > BASELINE_TOLERANCE).map(({ name }) => name);
  if (unsteady.length) console.log(`Baselines whose slices moved beyond ±${100 * BASELINE_TOLERANCE} % of their median: ${unsteady.join("; ")}`);
  for (const failure of failures) console.log(`FAILED: ${failure}`);
}

async function main() {
  const { values } = parseArgs({ options: { repeat: { type: "string", default: "1" }, only: { type: "string", default: "" } } });
  const repeat = Number(values.repeat);
  if (!Number.isInteger(repeat) || repeat < 1) throw new Error("--repeat takes a whole number of runs, 1 or more");
  const only = values.only.split(",").filter(Boolean);
  const unknown = only.filter((name) => !(name in SECTIONS));
  if (unknown.length) throw new Error(`--only: no section ${unknown.join(", ")}; the sections are ${Object.keys(SECTIONS).join(", ")}`);
  const runs: sections.Report[] = [];
  for (let index = 0; index < repeat; index++) {
    if (repeat > 1) console.log(`\n=== run ${index + 1} of ${repeat} ===`);
    const report = await benchOnce(only);
    printSummary(report.figures, report.failures);
    runs.push(report);
  }
  if (repeat > 1) {
    console.log(`\nRun to run (each run's median and verdict; the difference is from run 1):`);
    for (const line of formatComparison(runs.map(({ figures }) => figures))) console.log(`  ${line}`);
  }
  const failed = runs.some(({ figures, failures }) => below(figures).length > 0 || failures.length > 0);
  process.exitCode = failed ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
