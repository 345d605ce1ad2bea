/**
 * The README's first promise, end to end, against the server of the embedded run (global-setup-embedded.ts):
 * `npm start` with no DATABASE_URL, over the embedded PGlite. It says when it is ready; the operator CLI
 * reaches the running instance; a key it prints works on /v2/me; users it creates are set up like a web
 * sign-up that finished onboarding, and its admins reach the admin pages.
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { uniqueEmail } from "../../prisma/factories";
import { expect, test } from "../support/fixtures";
import { logIn } from "../support/web-session";

const ROOT = path.resolve(import.meta.dirname, "../..");
const PASSWORD = "long enough passphrase";
const run = promisify(execFile);

/** The CLI as an operator runs it next to `npm start`: no DATABASE_URL, the same data directory. */
async function cli(...args: string[]) {
  const { DATABASE_URL: _database, CONVENE_EMBEDDED_DB: _embedded, ...env } = process.env;
  return JSON.parse((await run(process.execPath, ["--import", "tsx", "server/bin/cli.ts", ...args], { cwd: ROOT, env })).stdout);
}

test("npm start prints one line of its own once it answers: Convene is ready at its APP_URL", { tag: "@npm-start" }, async ({ baseURL }) => {
  const lines = readFileSync(process.env.E2E_NPM_START_LOG!, "utf8").split("\n");
  expect(lines.filter((line) => line.includes("Convene is ready"))).toEqual([`Convene is ready at ${baseURL}`]);
});

test("the CLI reaches the running instance; the key it prints works on /v2/me", { tag: "@npm-start" }, async ({ request }) => {
  const email = uniqueEmail("start");
  await cli("user:create", "--email", email, "--password", PASSWORD);
  const { key } = (await cli("api-key:create", "--email", email)) as { key: string };
  expect((await request.get("/v2/me")).status()).toBe(401);
  const me = await request.get("/v2/me", { headers: { authorization: `Bearer ${key}` } });
  expect(me.status()).toBe(200);
  expect((await me.json()).data.email).toBe(email);
});

test("a CLI user is not sent to set-up; a CLI admin opens the admin pages and their queue", { tag: "@npm-start" }, async ({ playwright, baseURL }) => {
  const sameOrigin = { origin: baseURL!, "sec-fetch-site": "same-origin" };
  for (const flags of [[], ["--admin"]]) {
    const email = uniqueEmail("cli-web");
    await cli("user:create", "--email", email, "--password", PASSWORD, ...flags);
    const request = await playwright.request.newContext({ baseURL });
    try {
      await logIn(request, email, PASSWORD);
      const home = await (await request.get("/")).text();
      expect(home).toContain(email);
      expect(home).not.toContain("not set up yet");
      // The admin pages are offered in the settings navigation (issue 34's home has the shell, not a list of links).
      const settings = await (await request.get("/settings/profile")).text();
      expect(settings.includes('href="/settings/admin/oauth"')).toBe(flags.length > 0);
      const admin = await request.get("/settings/admin/oauth", { maxRedirects: 0 });
      expect(admin.status()).toBe(200);
      const queue = await request.get("/api/trpc/oauthReview.list", { headers: sameOrigin });
      expect(queue.status()).toBe(flags.length ? 200 : 403);
    } finally {
      await request.dispose();
    }
  }
});
