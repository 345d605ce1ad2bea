/**
 * A production Convene for HTTP and browser tests: a fresh database of its own on a real PostgreSQL
 * (TEST_DATABASE_URL, else DATABASE_URL, else the local server), migrated, and Convene's HTTP server
 * (server/bin/next-server.ts, as `npm start` runs it) on a free port over it. Used by Playwright's global
 * setup and by the benchmarks; `startServerProcess` alone gives a spec a second instance over the same database.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import net from "node:net";
import { applyMigrations } from "../../server/db/schema-engine";
import { createScratchDatabase, LOCAL_POSTGRES_URL } from "../../server/db/scratch-database";
import { buildIfStale, nextServerArgs, ROOT } from "../../server/bin/next-build";

export type TestServer = { baseUrl: string; databaseUrl: string; stop: () => Promise<void> };
/** How a process ended after `terminate`, and how long after the signal. */
export type ProcessExit = { code: number | null; signal: NodeJS.Signals | null; afterMs: number };
/**
 * `crash`: kill -9, as a machine or an OOM killer would, for tests of what survives it. `terminate`: SIGTERM, as an
 * orchestrator stopping the instance would, resolved with the exit (SIGKILL after `timeoutMs`, reported as such).
 */
export type ServerProcess = {
  baseUrl: string;
  stop: () => Promise<void>;
  crash: () => Promise<void>;
  terminate: (timeoutMs?: number) => Promise<ProcessExit>;
};

export function postgresServerUrl(): string {
  return process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? LOCAL_POSTGRES_URL;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

export async function waitUntilHealthy(baseUrl: string, child: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Convene exited with code ${child.exitCode}`);
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Convene did not become healthy at ${baseUrl} within ${timeoutMs} ms`);
}

/**
 * Another instance over the run's database (global-setup.ts's), for a test that needs other settings. It serves
 * requests only: its job workers would take the run's jobs with its own settings (no SMTP, another encryption key),
 * sending mails that other tests wait for where none of them looks. The run's server runs every job.
 */
export const startSideServer = (extraEnv: Record<string, string> = {}) => startServerProcess(process.env.DATABASE_URL!, { JOBS_WORKERS: "0", ...extraEnv });

/** Convene's HTTP server over the current build and `databaseUrl`, on a free port, answering /api/health. */
export async function startServerProcess(databaseUrl: string, extraEnv: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  // BENCH_CPU_PROFILE_DIR: the server writes a V8 CPU profile there when it stops (docs/benchmarks.md, finding where time goes).
  const profile = process.env.BENCH_CPU_PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE_DIR}`] : [];
  const child = spawn(process.execPath, [...profile, ...nextServerArgs()], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      APP_URL: baseUrl,
      NEXTAUTH_URL: baseUrl,
      NEXTAUTH_SECRET: randomBytes(32).toString("base64url"),
      LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
      ...extraEnv,
    },
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  };
  const crash = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
  };
  const terminate = async (timeoutMs = 30_000): Promise<ProcessExit> => {
    const sentAt = Date.now();
    const exited = new Promise<ProcessExit>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal, afterMs: Date.now() - sentAt })));
    if (child.exitCode !== null || child.signalCode !== null) throw new Error("the process had already exited");
    child.kill("SIGTERM");
    const overdue = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    try {
      return await exited;
    } finally {
      clearTimeout(overdue);
    }
  };
  try {
    await waitUntilHealthy(baseUrl, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop, crash, terminate };
}

export async function startTestServer(extraEnv: Record<string, string> = {}): Promise<TestServer> {
  if (!buildIfStale()) throw new Error("next build failed");
  const database = await createScratchDatabase(postgresServerUrl(), "convene_test");
  await applyMigrations(database.url);
  try {
    const server = await startServerProcess(database.url, extraEnv);
    return {
      baseUrl: server.baseUrl,
      databaseUrl: database.url,
      stop: async () => {
        await server.stop();
        await database.drop();
      },
    };
  } catch (error) {
    await database.drop();
    throw error;
  }
}
