/** The production build, made when missing or older than the sources (npm start, the test harness, bench). */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const NEXT_BIN = createRequire(import.meta.url).resolve("next/dist/bin/next");
/** `node …` arguments that run Convene's HTTP server (server/bin/next-server.ts) over the build, or in dev mode. */
export const nextServerArgs = (isDev = false) => ["--import", "tsx", path.join(ROOT, "server/bin/next-server.ts"), ...(isDev ? ["--dev"] : [])];
// docs/: the site renders its markdown at build time (its screenshots, written by the UI tests, are not sources).
const SOURCE_DIRS = ["app", "server", "components", "prisma", "public", "docs"];
const SOURCE_FILES = ["package-lock.json", "next.config.mjs", "tsconfig.json", "postcss.config.mjs", "proxy.ts", "CHANGELOG.md"];

function newestChange(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "generated" || entry.name === "node_modules" || entry.name === "screenshots") continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(full) : statSync(full).mtimeMs);
  }
  return newest;
}

export function buildIsCurrent(): boolean {
  const buildId = path.join(ROOT, ".next", "BUILD_ID");
  if (!existsSync(buildId)) return false;
  const dirs = SOURCE_DIRS.map((dir) => path.join(ROOT, dir)).filter(existsSync);
  const files = SOURCE_FILES.map((file) => path.join(ROOT, file)).filter(existsSync);
  const newestSource = Math.max(...dirs.map(newestChange), ...files.map((file) => statSync(file).mtimeMs));
  return newestSource < statSync(buildId).mtimeMs;
}

/** Runs `next build` unless the current build is fresh; false when the build failed. */
export function buildIfStale(env: NodeJS.ProcessEnv = process.env): boolean {
  if (buildIsCurrent()) return true;
  console.log(JSON.stringify({ level: "info", message: "building (no build yet, or sources changed since)" }));
  return spawnSync(process.execPath, [NEXT_BIN, "build"], { cwd: ROOT, stdio: "inherit", env }).status === 0;
}
