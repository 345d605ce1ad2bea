/**
 * The MCP conformance suite (@modelcontextprotocol/conformance, its own CLI) against Convene's /mcp: the server
 * scenarios that apply to a tools-only, stateless server (docs/mcp.md lists the others and why they do not apply).
 *
 * The suite connects without credentials; Convene answers that with 401 and an OAuth challenge, as it must. So the
 * suite reaches /mcp through a front that adds an API key as the bearer and forwards everything else untouched (Host
 * and Origin included). That front is the instance's public origin (MCP_ALLOWED_ORIGINS), as a reverse proxy would
 * be; this instance runs on a scratch database of its own. The CLI needs Node 22's fs.globSync at load time only:
 * e2e/support/mcp-conformance/register.mjs lets it load on Node 20.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { makeApiKey, makeUser } from "../../prisma/factories";
import { disconnectDb } from "../../server/db/client";
import { applyMigrations } from "../../server/db/schema-engine";
import { createScratchDatabase, type ScratchDatabase } from "../../server/db/scratch-database";
import { freePort, postgresServerUrl, startServerProcess, type ServerProcess } from "../support/test-server";

const ROOT = path.resolve(import.meta.dirname, "../..");
const CLI = path.join(ROOT, "node_modules/@modelcontextprotocol/conformance/dist/index.js");
const ON_NODE_20 = path.join(ROOT, "e2e/support/mcp-conformance/register.mjs");

/** The scenarios of the suite that a tools-only, stateless server answers (docs/mcp.md says why the rest do not). */
const SCENARIOS = ["server-initialize", "ping", "tools-list", "dns-rebinding-protection"];

type Check = { id: string; status: "SUCCESS" | "FAILURE" | "WARNING" | "INFO" | "SKIPPED"; errorMessage?: string };

let database: ScratchDatabase;
let server: ServerProcess;
let front: http.Server;
let frontUrl: string;
const savedDatabaseUrl = process.env.DATABASE_URL;

/** Forwards every request to `target` with `Authorization: Bearer <key>` added. */
function bearerFront(target: string, key: string): http.Server {
  return http.createServer((request, response) => {
    const upstream = http.request(
      new URL(request.url!, target),
      { method: request.method, headers: { ...request.headers, authorization: `Bearer ${key}` } },
      (answer) => {
        response.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on("error", (error) => response.writeHead(502).end(String(error)));
    request.pipe(upstream);
  });
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const frontPort = await freePort();
  frontUrl = `http://localhost:${frontPort}`;
  database = await createScratchDatabase(postgresServerUrl(), "convene_mcp_conformance");
  await applyMigrations(database.url);
  server = await startServerProcess(database.url, { MCP_ALLOWED_ORIGINS: frontUrl });
  await disconnectDb();
  process.env.DATABASE_URL = database.url;
  const user = await makeUser();
  front = bearerFront(server.baseUrl, await makeApiKey(user.id));
  await new Promise<void>((resolve) => front.listen(frontPort, "127.0.0.1", resolve));
});

test.afterAll(async () => {
  await disconnectDb();
  process.env.DATABASE_URL = savedDatabaseUrl;
  await new Promise((resolve) => front?.close(resolve));
  await server?.stop();
  await database?.drop();
});

/** Runs one scenario with the suite's CLI; resolves with its exit code, its checks (from --output-dir) and its output. */
function runScenario(scenario: string): Promise<{ code: number | null; checks: Check[]; output: string }> {
  const outputDir = mkdtempSync(path.join(tmpdir(), "mcp-conformance-"));
  const args = ["--import", ON_NODE_20, CLI, "server", "--url", `${frontUrl}/mcp`, "--scenario", scenario, "--output-dir", outputDir];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, NO_COLOR: "1" } });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      const checks = readdirSync(outputDir, { recursive: true })
        .map(String)
        .filter((file) => file.endsWith("checks.json"))
        .flatMap((file) => JSON.parse(readFileSync(path.join(outputDir, file), "utf8")) as Check[]);
      resolve({ code, checks, output });
    });
  });
}

for (const scenario of SCENARIOS) {
  test(`conformance: ${scenario}`, async () => {
    const { code, checks, output } = await runScenario(scenario);
    const judged = checks.filter((check) => check.status !== "INFO");
    expect(judged.length, output).toBeGreaterThan(0);
    expect(
      judged.filter((check) => check.status !== "SUCCESS").map((check) => `${check.id}: ${check.status} ${check.errorMessage ?? ""}`),
      output,
    ).toEqual([]);
    expect(code, output).toBe(0);
  });
}
