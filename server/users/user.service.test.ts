import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { DEFAULT_PASSWORD, makeUser, uniqueEmail } from "../../prisma/factories";
import { db, disconnectDb } from "../db/client";
import { AppError } from "../errors";
import { createUser, findUserByCredentials } from "./user.service";

afterAll(() => disconnectDb());

async function appError(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const stem = () => `ada${randomBytes(4).toString("hex")}`;

describe("createUser", () => {
  it("creates the account with normalised e-mail, defaults and an argon2id password hash", async () => {
    const local = stem();
    const user = await createUser({ email: `${local.toUpperCase()}@Example.TEST`, password: "s3cret-pass" });
    expect(user).toEqual({ id: expect.any(Number), email: `${local}@example.test`, username: local, name: local, role: "USER" });

    const row = await db.user.findUniqueOrThrow({ where: { id: user.id }, include: { password: true } });
    expect(row.timeZone).toBe("UTC");
    expect(row.password?.hash).toMatch(/^\$argon2id\$/);
    expect(row.password?.hash).not.toContain("s3cret-pass");
  });

  it("keeps the given name, username, time zone and role", async () => {
    const username = stem();
    const user = await createUser(
      { email: uniqueEmail(), password: DEFAULT_PASSWORD, name: "Ada Lovelace", username, timeZone: "Europe/London" },
      { role: "ADMIN" },
    );
    expect(user).toMatchObject({ username, name: "Ada Lovelace", role: "ADMIN" });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).timeZone).toBe("Europe/London");
  });

  it.each([
    { case: "the same e-mail", second: (email: string) => email },
    { case: "the same e-mail in other case", second: (email: string) => email.toUpperCase() },
  ])("refuses $case with CONFLICT and creates nothing", async ({ second }) => {
    const email = uniqueEmail();
    await createUser({ email, password: DEFAULT_PASSWORD });
    const error = await appError(createUser({ email: second(email), password: DEFAULT_PASSWORD }));
    expect(error.code).toBe("CONFLICT");
    expect(await db.user.count({ where: { email } })).toBe(1);
  });

  // Known bug (user.schemas.ts, ZEmail): zod 4 runs .trim() after the e-mail format check, so a padded
  // address is refused at sign-up while sign-in (findUserByCredentials) trims it. Drop `.fails` once fixed.
  it("trims a padded e-mail at sign-up, as sign-in does", async () => {
    const email = uniqueEmail();
    const user = await createUser({ email: `  ${email} `, password: DEFAULT_PASSWORD });
    expect(user.email).toBe(email);
  });

  it("refuses a username that is taken with CONFLICT", async () => {
    const { username } = await makeUser();
    const email = uniqueEmail();
    const error = await appError(createUser({ email, password: DEFAULT_PASSWORD, username: username.toUpperCase() }));
    expect(error.code).toBe("CONFLICT");
    expect(await db.user.count({ where: { email } })).toBe(0);
  });

  it("refuses a reserved username (a first path segment of Convene's own pages), and never derives one", async () => {
    const email = uniqueEmail();
    const refusal = await createUser({ email, password: DEFAULT_PASSWORD, username: "Settings" }).then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(refusal).toBeInstanceOf(ZodError);
    expect((refusal as ZodError).issues.map((issue) => issue.message)).toContain("This username is reserved");
    expect(await db.user.count({ where: { email } })).toBe(0);
    // "docs@…" would derive "docs"; the next free, unreserved name is taken instead.
    const derived = await createUser({ email: `docs@${randomBytes(4).toString("hex")}.test`, password: DEFAULT_PASSWORD });
    expect(derived.username).not.toBe("docs");
    expect(derived.username).toMatch(/^docs-\d+$/);
  });

  it("derives the username from the e-mail and de-duplicates it", async () => {
    const local = stem();
    const usernames = [];
    for (const domain of ["a.test", "b.test", "c.test"]) {
      usernames.push((await createUser({ email: `${local}@${domain}`, password: DEFAULT_PASSWORD })).username);
    }
    expect(usernames).toEqual([local, `${local}-2`, `${local}-3`]);
  });

  it("drops characters a username may not contain", async () => {
    const local = stem();
    const user = await createUser({ email: `${local}+tag@example.test`, password: DEFAULT_PASSWORD });
    expect(user.username).toBe(`${local}tag`);
  });

  it.each([
    { case: "malformed e-mail", input: { email: "not-an-email", password: DEFAULT_PASSWORD }, path: "email" },
    { case: "short password", input: { email: uniqueEmail(), password: "short" }, path: "password" },
    { case: "invalid time zone", input: { email: uniqueEmail(), password: DEFAULT_PASSWORD, timeZone: "Mars/Base" }, path: "timeZone" },
    { case: "offset as time zone", input: { email: uniqueEmail(), password: DEFAULT_PASSWORD, timeZone: "+02:00" }, path: "timeZone" },
    { case: "invalid username", input: { email: uniqueEmail(), password: DEFAULT_PASSWORD, username: "no spaces" }, path: "username" },
    { case: "empty name", input: { email: uniqueEmail(), password: DEFAULT_PASSWORD, name: "   " }, path: "name" },
  ])("refuses a $case with a ZodError and writes no row", async ({ input, path }) => {
    const before = await db.user.count();
    const error = await createUser(input).then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(ZodError);
    expect((error as ZodError).issues.map((issue) => issue.path.join("."))).toContain(path);
    expect(await db.user.count({ where: { email: input.email } })).toBe(0);
    // Other files may create users concurrently, so only this one's absence is certain; still, nothing was removed.
    expect(await db.user.count()).toBeGreaterThanOrEqual(before);
  });
});

describe("findUserByCredentials", () => {
  it("returns the identity, without the hash, for the right password", async () => {
    const user = await makeUser({ password: "right-password" });
    const found = await findUserByCredentials(user.email, "right-password");
    expect(found).toEqual({ id: user.id, email: user.email, username: user.username, name: user.name, role: user.role });
  });

  it("matches the e-mail whatever its case and padding", async () => {
    const user = await makeUser();
    expect((await findUserByCredentials(`  ${user.email.toUpperCase()} `, user.password))?.id).toBe(user.id);
  });

  it.each([
    { case: "a wrong password", email: (email: string) => email, password: "wrong-password" },
    { case: "the password in other case", email: (email: string) => email, password: DEFAULT_PASSWORD.toUpperCase() },
    { case: "an empty password", email: (email: string) => email, password: "" },
    { case: "an unknown e-mail", email: () => uniqueEmail("nobody"), password: DEFAULT_PASSWORD },
  ])("returns null for $case", async ({ email, password }) => {
    const user = await makeUser();
    expect(await findUserByCredentials(email(user.email), password)).toBeNull();
  });

  it("returns null for an account that has no password (external sign-in only)", async () => {
    const email = uniqueEmail("sso");
    await db.user.create({ data: { email, username: stem(), name: "SSO user" } });
    expect(await findUserByCredentials(email, "")).toBeNull();
    expect(await findUserByCredentials(email, DEFAULT_PASSWORD)).toBeNull();
  });
});

describe("derived usernames follow the username rules", () => {
  it.each([["a"], ["-ada"], ["_x"]])("e-mail local part %s", async (local) => {
    const user = await createUser({ email: `${local}@${Date.now()}${Math.random().toString(36).slice(2, 6)}.example.test`, password: "long enough password" });
    expect(user.username).toMatch(/^[a-z0-9][a-z0-9._-]+$/);
  });
});
