/**
 * Convene exactly as a newcomer starts it: `npm start`'s own process (server/bin/start.ts) with no
 * DATABASE_URL, so it runs the embedded PGlite, over a scratch CONVENE_DATA_DIR. Its output goes to a
 * log file the specs can read (kept after the run); the embedded socket's URL comes from the port it advertises.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT } from "../../server/bin/next-build";
import { freePort, waitUntilHealthy } from "./test-server";

/** `crash`: kill -9 of the whole process group (app and embedded database), keeping the data directory. */
export type NpmStartServer = { baseUrl: string; databaseUrl: string; dataDir: string; logFile: string; stop: () => Promise<void>; crash: () => Promise<void> };

export const READY_LINE = /^Convene is ready at (\S+)$/m;

/**
 * Starts `npm start` and resolves once it has printed its ready line; `extraEnv` is what tests need on top.
 * `dataDir`: restart over the data directory of an earlier (crashed) instance.
 */
export async function startNpmStart(
  extraEnv: Record<string, string> = {},
  dataDir = mkdtempSync(path.join(os.tmpdir(), "convene-start-")),
): Promise<NpmStartServer> {
  const port = await freePort();
  // Outside the data directory, so that it outlives the run for whoever reads a failure.
  const logFile = path.join(os.tmpdir(), `convene-npm-start-${port}.log`);
  const baseUrl = `http://localhost:${port}`;
  const { DATABASE_URL: _database, TEST_DATABASE_URL: _testDatabase, CONVENE_EMBEDDED_DB: _embedded, ...inherited } = process.env;
  const env = { ...inherited, CONVENE_DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: process.env.LOG_LEVEL ?? "warn", ...extraEnv };
  const log = openSync(logFile, "w");
  // Its own process group: start.ts, Next.js under it and PGlite in it go down together.
  const child = spawn(process.execPath, ["--import", "tsx", "server/bin/start.ts"], { cwd: ROOT, env, detached: true, stdio: ["ignore", log, "inherit"] });
  const stop = async () => {
    if (child.pid && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      process.kill(-child.pid, "SIGTERM");
      const stubborn = setTimeout(() => process.kill(-child.pid!, "SIGKILL"), 15_000);
      await exited;
      clearTimeout(stubborn);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const crash = async () => {
    if (!child.pid || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    process.kill(-child.pid, "SIGKILL");
    await exited;
  };
  try {
    // Generous: with no current build, npm start builds first.
    await waitUntilHealthy(baseUrl, child, 600_000);
    const deadline = Date.now() + 10_000;
    while (!READY_LINE.test(readFileSync(logFile, "utf8")) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    const { port: databasePort } = JSON.parse(readFileSync(path.join(dataDir, "pglite.json"), "utf8")) as { port: number };
    return { baseUrl, databaseUrl: `postgresql://postgres@127.0.0.1:${databasePort}/postgres?sslmode=disable`, dataDir, logFile, stop, crash };
  } catch (error) {
    await stop();
    throw error;
  }
}
