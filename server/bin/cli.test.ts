import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { uniqueEmail } from "@/prisma/factories";
import { db } from "../db/client";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");

/** Runs the operator CLI against the test database; resolves with the exit code and output either way. */
async function cli(...args: string[]) {
  return cliWith(process.env, ...args);
}

async function cliWith(env: NodeJS.ProcessEnv, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", "server/bin/cli.ts", ...args], { cwd: ROOT, env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe("operator CLI", () => {
  it("creates a user and an API key, printing JSON (the key once)", async () => {
    const email = uniqueEmail("cli");
    const user = await cli("user:create", "--email", email, "--password", "long enough pass", "--name", "Cli User", "--admin");
    expect(user.code).toBe(0);
    expect(JSON.parse(user.stdout)).toMatchObject({ email, name: "Cli User", role: "ADMIN" });
    const key = await cli("api-key:create", "--email", email, "--name", "ops");
    expect(key.code).toBe(0);
    expect(JSON.parse(key.stdout)).toMatchObject({ name: "ops", key: expect.stringMatching(/^cnv_live_/) });
  }, 60_000);

  it.each([
    ["a user", []],
    ["an admin", ["--admin"]],
  ])(
    "%s made by user:create is set up as a web sign-up finishing onboarding: default schedule, onboarding complete",
    async (_label, flags) => {
      const email = uniqueEmail("cli-setup");
      const created = await cli("user:create", "--email", email, "--password", "long enough pass", ...flags);
      expect(created.code).toBe(0);
      const user = await db.user.findUniqueOrThrow({
        where: { email },
        select: {
          username: true,
          onboardingStep: true,
          defaultSchedule: { select: { name: true, timeZone: true, entries: { select: { days: true, startMinute: true, endMinute: true } } } },
        },
      });
      expect(user.username).toBe(email.split("@")[0]);
      expect(user.onboardingStep).toBe("COMPLETE");
      expect(user.defaultSchedule).toEqual({
        name: "Working hours",
        timeZone: "UTC",
        entries: [{ days: [1, 2, 3, 4, 5], startMinute: 9 * 60, endMinute: 17 * 60 }],
      });
    },
    60_000,
  );

  it.each([
    ["no command", []],
    ["unknown command", ["user:delete"]],
    ["missing password", ["user:create", "--email", "cli-missing@example.test"]],
    ["unknown option", ["user:create", "--email", "cli-option@example.test", "--password", "long enough pass", "--colour", "red"]],
    ["invalid e-mail", ["user:create", "--email", "not-an-email", "--password", "long enough pass"]],
    ["short password", ["user:create", "--email", "short@example.test", "--password", "short"]],
    ["key for nobody", ["api-key:create", "--email", "nobody@example.test"]],
  ])(
    "%s → message, exit code 2, nothing written",
    async (_label, args) => {
      const result = await cli(...args);
      expect(result.code).toBe(2);
      expect(result.stderr.trim().length).toBeGreaterThan(0);
      const emails = args.filter((arg) => arg.includes("@") || arg === "not-an-email");
      expect(await db.user.count({ where: { email: { in: emails } } })).toBe(0);
    },
    60_000,
  );

  it("checks arguments before it opens anything: without DATABASE_URL, bad arguments create no embedded database", async () => {
    const scratch = mkdtempSync(path.join(os.tmpdir(), "convene-cli-"));
    const dataDir = path.join(scratch, "data");
    try {
      const { DATABASE_URL: _unset, ...env } = process.env;
      const result = await cliWith({ ...env, CONVENE_DATA_DIR: dataDir }, "user:create", "--email", "not-an-email", "--password", "long enough pass");
      expect(result.code).toBe(2);
      expect(result.stderr).toContain("Must be a valid e-mail address");
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }, 60_000);

  it("admin:grant makes an existing user an instance admin and admin:revoke takes it back, printing JSON", async () => {
    const email = uniqueEmail("cli-admin");
    expect((await cli("user:create", "--email", email, "--password", "long enough pass")).code).toBe(0);
    const granted = await cli("admin:grant", "--email", email.toUpperCase());
    expect(granted.code).toBe(0);
    expect(JSON.parse(granted.stdout)).toMatchObject({ email, role: "ADMIN", changed: true });
    expect(JSON.parse((await cli("admin:grant", "--email", email)).stdout)).toMatchObject({ role: "ADMIN", changed: false });
    const revoked = await cli("admin:revoke", "--email", email);
    expect(revoked.code).toBe(0);
    expect(JSON.parse(revoked.stdout)).toMatchObject({ email, role: "USER", changed: true });
    expect((await db.user.findUniqueOrThrow({ where: { email }, select: { role: true } })).role).toBe("USER");
  }, 60_000);

  it.each([
    ["no e-mail", ["admin:grant"]],
    ["invalid e-mail", ["admin:revoke", "--email", "not-an-email"]],
    ["nobody with that e-mail", ["admin:grant", "--email", "nobody-admin@example.test"]],
  ])(
    "admin: %s → message, exit code 2, nobody made admin",
    async (_label, args) => {
      const result = await cli(...args);
      expect(result.code).toBe(2);
      expect(result.stderr.trim().length).toBeGreaterThan(0);
      expect(await db.user.count({ where: { email: "nobody-admin@example.test" } })).toBe(0);
    },
    60_000,
  );

  it("refuses to revoke the last admin of an instance (a fresh embedded database)", async () => {
    const scratch = mkdtempSync(path.join(os.tmpdir(), "convene-cli-admin-"));
    const { DATABASE_URL: _unset, ...env } = process.env;
    const fresh = (...args: string[]) => cliWith({ ...env, CONVENE_DATA_DIR: path.join(scratch, "data") }, ...args);
    try {
      for (const email of ["ada@example.test", "bob@example.test"])
        expect((await fresh("user:create", "--email", email, "--password", "long enough pass")).code).toBe(0);
      expect((await fresh("admin:grant", "--email", "ada@example.test")).code).toBe(0);
      const last = await fresh("admin:revoke", "--email", "ada@example.test");
      expect(last.code).toBe(2);
      expect(last.stderr).toContain("ada@example.test is the last administrator");
      expect((await fresh("admin:grant", "--email", "bob@example.test")).code).toBe(0);
      expect(JSON.parse((await fresh("admin:revoke", "--email", "ada@example.test")).stdout)).toMatchObject({ role: "USER", changed: true });
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }, 240_000);

  it("org:create makes an organization whose first OWNER is the named user, printing it as JSON; bad arguments exit 2", async () => {
    const email = uniqueEmail("cli-org");
    expect((await cli("user:create", "--email", email, "--password", "long enough pass")).code).toBe(0);
    const slug = `cli-org-${Date.now().toString(36)}`;
    const created = await cli("org:create", "--name", "CLI Org", "--slug", slug, "--owner", email);
    expect(created.code, created.stderr).toBe(0);
    const org = JSON.parse(created.stdout);
    expect(org).toMatchObject({ name: "CLI Org", slug, isOrganization: true });
    const owner = await db.user.findUniqueOrThrow({ where: { email }, select: { memberships: { select: { teamId: true, role: true, accepted: true } } } });
    expect(owner.memberships).toEqual([{ teamId: org.id, role: "OWNER", accepted: true }]);

    const missing = await cli("org:create", "--name", "No owner", "--slug", `${slug}-2`);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("org:create needs --name, --slug and --owner");
    const badSlug = await cli("org:create", "--name", "Bad", "--slug", "Not A Slug", "--owner", email);
    expect(badSlug.code).toBe(2);
    expect(badSlug.stderr).toContain("The slug can hold only lowercase letters");
    const secondOrg = await cli("org:create", "--name", "Second", "--slug", `${slug}-3`, "--owner", email);
    expect(secondOrg.code).toBe(2);
    expect(secondOrg.stderr).toContain("another organization");
    expect(await db.team.count({ where: { slug: { in: [`${slug}-2`, `${slug}-3`] } } })).toBe(0);
  }, 240_000);
});
