/**
 * `npm start` (and `npm run dev` with --dev): everything a fresh machine needs, then Next.js.
 * 1. A database: DATABASE_URL, or the embedded PGlite under .data/ served on loopback.
 * 2. Migrations applied.
 * 3. A production build, when there is none or the sources changed since (not in --dev).
 * 4. Next.js (production, or dev mode) behind our HTTP server (next-server.ts) on PORT (default 3000), with
 *    DATABASE_URL, the auth secret and the calendar key set; then one line saying where it is ready, and, while no
 *    user is an administrator, how to make one (admin-notice.ts).
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DATA_DIR, openDatabase } from "../db/embedded";
import { applyMigrations } from "../db/schema-engine";
import { adminNotice, instanceHasAdmin } from "./admin-notice";
import { buildIfStale, nextServerArgs, ROOT } from "./next-build";

const isDev = process.argv.includes("--dev");

/** A secret from the environment, or made once and kept under .data/ (`encoding` of 32 random bytes). */
function keptSecret(variable: string, fileName: string, encoding: "base64url" | "base64"): string {
  if (process.env[variable]) return process.env[variable];
  const file = path.join(DATA_DIR, fileName);
  if (!existsSync(file)) {
    mkdirSync(DATA_DIR, { recursive: true });
    writeFileSync(file, randomBytes(32).toString(encoding), { mode: 0o600 });
  }
  return readFileSync(file, "utf8").trim();
}

/** The session-signing secret. */
const authSecret = () => keptSecret("NEXTAUTH_SECRET", "auth-secret", "base64url");
/** The key of calendar credentials at rest; losing it means reconnecting every calendar. */
const calendarKey = () => keptSecret("CALENDAR_ENCRYPTION_KEY", "calendar-key", "base64");

const port = process.env.PORT ?? "3000";
const appUrl = process.env.APP_URL ?? `http://localhost:${port}`;
const database = await openDatabase();
const childEnv = {
  ...process.env,
  DATABASE_URL: database.url,
  APP_URL: appUrl,
  NEXTAUTH_URL: process.env.NEXTAUTH_URL ?? appUrl,
  NEXTAUTH_SECRET: authSecret(),
  CALENDAR_ENCRYPTION_KEY: calendarKey(),
};

const applied = await applyMigrations(database.url);
console.log(JSON.stringify({ level: "info", message: "database ready", embedded: database.isEmbedded, applied }));

if (!isDev && !buildIfStale(childEnv)) {
  await database.stop();
  process.exit(1);
}

let isRunning = true;
const next = spawn(process.execPath, nextServerArgs(isDev), { cwd: ROOT, stdio: "inherit", env: { ...childEnv, PORT: port } });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => next.kill(signal));
next.on("exit", async (code) => {
  isRunning = false;
  await database.stop();
  process.exit(code ?? 0);
});

/** The one line of our own: printed once the server answers, so "ready" means a request would succeed. */
async function announceWhenAnswering() {
  while (isRunning) {
    const isAnswering = await fetch(`http://localhost:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (isAnswering) {
      console.log(`Convene is ready at ${appUrl}`);
      const notice = adminNotice(await instanceHasAdmin(database.url));
      if (notice) console.log(notice);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
void announceWhenAnswering();
