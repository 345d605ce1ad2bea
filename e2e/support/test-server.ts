/**
 * A production Convene for HTTP and browser tests: a fresh database of its own on a real PostgreSQL
 * (TEST_DATABASE_URL, else DATABASE_URL, else the local server), migrated, and `next start` on a free
 * port over it. Used by Playwright's global setup and by the benchmarks.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import net from "node:net";
import { applyMigrations } from "../../server/db/schema-engine";
import { createScratchDatabase, LOCAL_POSTGRES_URL } from "../../server/db/scratch-database";
import { buildIfStale, NEXT_BIN, ROOT } from "../../server/bin/next-build";

export type TestServer = { baseUrl: string; databaseUrl: string; stop: () => Promise<void> };

export function postgresServerUrl(): string {
  return process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? LOCAL_POSTGRES_URL;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

async function waitUntilHealthy(baseUrl: string, child: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`next start exited with code ${child.exitCode}`);
    const healthy = await fetch(`${baseUrl}/api/health`).then((response) => response.ok, () => false);
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Convene did not become healthy at ${baseUrl} within ${timeoutMs} ms`);
}

export async function startTestServer(extraEnv: Record<string, string> = {}): Promise<TestServer> {
  if (!buildIfStale()) throw new Error("next build failed");
  const database = await createScratchDatabase(postgresServerUrl(), "convene_test");
  await applyMigrations(database.url);
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const child = spawn(process.execPath, [NEXT_BIN, "start", "--port", String(port)], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: database.url,
      APP_URL: baseUrl,
      NEXTAUTH_URL: baseUrl,
      NEXTAUTH_SECRET: randomBytes(32).toString("base64url"),
      LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
      ...extraEnv,
    },
  });
  try {
    await waitUntilHealthy(baseUrl, child);
  } catch (error) {
    child.kill("SIGTERM");
    await database.drop();
    throw error;
  }
  return {
    baseUrl,
    databaseUrl: database.url,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      await database.drop();
    },
  };
}
