/**
 * The README's first promise, end to end: with no DATABASE_URL, `npm start` runs Convene over the
 * embedded PGlite (migrated on the way up), the operator CLI reaches that running instance, and /v2/me
 * answers 401 without a key and 200 with the key the CLI printed. The build is the one global setup
 * made, so `npm start` finds it current and does not rebuild.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "../support/fixtures";

const ROOT = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited with code ${child.exitCode}`);
    if (await fetch(`${url}/api/health`).then((response) => response.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`npm start did not answer at ${url} within ${timeoutMs} ms`);
}

test("npm start without DATABASE_URL serves /v2/me over the embedded database, with a key from the CLI", async () => {
  test.setTimeout(240_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "convene-start-"));
  const port = await freePort();
  const { DATABASE_URL: _database, TEST_DATABASE_URL: _testDatabase, ...inherited } = process.env;
  const env = { ...inherited, CONVENE_DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: "warn" };
  const server = spawn(process.execPath, ["--import", "tsx", "server/bin/start.ts"], { cwd: ROOT, env, detached: true, stdio: "ignore" });
  const cli = async (...args: string[]) => JSON.parse((await run(process.execPath, ["--import", "tsx", "server/bin/cli.ts", ...args], { cwd: ROOT, env })).stdout);
  try {
    const url = `http://localhost:${port}`;
    await waitForHealth(url, server, 180_000);

    const email = `start-${port}@example.test`;
    await cli("user:create", "--email", email, "--password", "long enough passphrase");
    const { key } = (await cli("api-key:create", "--email", email)) as { key: string };

    expect((await fetch(`${url}/v2/me`)).status).toBe(401);
    const me = await fetch(`${url}/v2/me`, { headers: { authorization: `Bearer ${key}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { data: { email: string } }).data.email).toBe(email);
  } finally {
    if (server.pid && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      process.kill(-server.pid, "SIGTERM");
      const stubborn = setTimeout(() => process.kill(-server.pid!, "SIGKILL"), 15_000);
      await exited;
      clearTimeout(stubborn);
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
});
