/** Forgotten passwords on the real database: hashed single-use tokens, expiry, replacement, throttling, sessions ended. */
import { createHash } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_PASSWORD, makeUser, uniqueEmail } from "../../prisma/factories";
import { expectAppError } from "../../e2e/support/rejections";
import { db, disconnectDb } from "../db/client";
import { runPendingJobs } from "../jobs/workers";
import { findUserByCredentials } from "../users/user.service";
import { quotaOf } from "../security/rate-limits";
import { isResetLinkUsable, requestPasswordReset, resetPassword, RESET_LINK_LIFETIME_MINUTES, RESET_REQUESTED_MESSAGE } from "./password-reset.service";
import { isSessionCurrent } from "./session-version";

afterAll(() => disconnectDb());

const NEW_PASSWORD = "a-brand-new-passphrase";
const MINUTE_MS = 60_000;
let addressCounter = 0;
/** Each test its own network address, so the per-address limit of one test never stops another. */
const freshAddress = () => `198.51.100.${++addressCounter}-${Math.random().toString(36).slice(2)}`;

/** The tokens in the reset mails to `email` so far (no SMTP_URL in these tests: they are kept in OutboxMail). */
async function tokensMailedTo(email: string): Promise<string[]> {
  await runPendingJobs();
  const mails = await db.outboxMail.findMany({ where: { to: email }, orderBy: { id: "asc" } });
  return mails.map((mail) => /\/auth\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1]).filter((token): token is string => !!token);
}

async function mailedToken(email: string): Promise<string> {
  await requestPasswordReset({ email }, freshAddress());
  const token = (await tokensMailedTo(email)).at(-1);
  if (!token) throw new Error(`no reset link mailed to ${email}`);
  return token;
}

describe("requestPasswordReset", () => {
  it("mails an account a link whose 256-bit token is stored only as its SHA-256, expiring in an hour", async () => {
    const user = await makeUser();
    const before = Date.now();
    const answer = await requestPasswordReset({ email: user.email.toUpperCase() }, freshAddress());
    expect(answer).toEqual({ message: RESET_REQUESTED_MESSAGE });
    const [token] = await tokensMailedTo(user.email);
    expect(token).toMatch(/^cnv_pr_[A-Za-z0-9_-]{43}$/);
    const [row] = await db.passwordResetToken.findMany({ where: { userId: user.id } });
    expect(row!.tokenHash).toBe(createHash("sha256").update(token!).digest("hex"));
    expect(row!.expiresAt.getTime() - before).toBeGreaterThanOrEqual(RESET_LINK_LIFETIME_MINUTES * MINUTE_MS - 1000);
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(RESET_LINK_LIFETIME_MINUTES * MINUTE_MS);
    const mail = await db.outboxMail.findFirstOrThrow({ where: { to: user.email } });
    expect(mail.subject).toBe("Reset your Convene password");
  });

  it("answers an unknown address exactly as a known one, and mails nobody", async () => {
    const email = uniqueEmail("nobody");
    expect(await requestPasswordReset({ email }, freshAddress())).toEqual({ message: RESET_REQUESTED_MESSAGE });
    expect(await tokensMailedTo(email)).toEqual([]);
  });

  it("refuses past the limit per e-mail address and per network address, whether or not there is an account", async () => {
    const user = await makeUser();
    for (let i = 0; i < quotaOf("PASSWORD_RESET_REQUESTS_PER_EMAIL"); i++) await requestPasswordReset({ email: user.email }, freshAddress());
    await expectAppError(requestPasswordReset({ email: user.email }, freshAddress()), "TOO_MANY_REQUESTS");
    const address = freshAddress();
    for (let i = 0; i < quotaOf("PASSWORD_RESET_REQUESTS_PER_ADDRESS"); i++) await requestPasswordReset({ email: uniqueEmail("spray") }, address);
    await expectAppError(requestPasswordReset({ email: uniqueEmail("spray") }, address), "TOO_MANY_REQUESTS");
  });
});

describe("resetPassword", () => {
  it("sets the new password, works once, and ends every session signed in before", async () => {
    const user = await makeUser();
    const token = await mailedToken(user.email);
    expect(await isResetLinkUsable(token)).toBe(true);
    const { sessionVersion } = await db.user.findUniqueOrThrow({ where: { id: user.id }, select: { sessionVersion: true } });
    expect(await resetPassword({ token, password: NEW_PASSWORD })).toEqual({ email: user.email });
    expect(await findUserByCredentials(user.email, NEW_PASSWORD)).not.toBeNull();
    expect(await findUserByCredentials(user.email, DEFAULT_PASSWORD)).toBeNull();
    expect(await isSessionCurrent(user.id, sessionVersion)).toBe(false);
    expect(await isResetLinkUsable(token)).toBe(false);
    await expectAppError(resetPassword({ token, password: "yet-another-passphrase" }), "BAD_REQUEST");
    expect(await findUserByCredentials(user.email, NEW_PASSWORD)).not.toBeNull();
  });

  it("refuses an expired link, an unknown one, and an older link once a newer was requested", async () => {
    const user = await makeUser();
    const older = await mailedToken(user.email);
    const newer = await mailedToken(user.email);
    expect(newer).not.toBe(older);
    await expectAppError(resetPassword({ token: older, password: NEW_PASSWORD }), "BAD_REQUEST");
    await expectAppError(resetPassword({ token: "cnv_pr_not-a-token", password: NEW_PASSWORD }), "BAD_REQUEST");
    const later = new Date(Date.now() + (RESET_LINK_LIFETIME_MINUTES + 1) * MINUTE_MS);
    expect(await isResetLinkUsable(newer, later)).toBe(false);
    await expectAppError(resetPassword({ token: newer, password: NEW_PASSWORD }, later), "BAD_REQUEST");
    expect(await findUserByCredentials(user.email, DEFAULT_PASSWORD)).not.toBeNull();
    const inTime = new Date(Date.now() + (RESET_LINK_LIFETIME_MINUTES - 1) * MINUTE_MS);
    await resetPassword({ token: newer, password: NEW_PASSWORD }, inTime);
    expect(await findUserByCredentials(user.email, NEW_PASSWORD)).not.toBeNull();
  });

  it("lets exactly one of two simultaneous uses of a link through", async () => {
    const user = await makeUser();
    const token = await mailedToken(user.email);
    const results = await Promise.allSettled([resetPassword({ token, password: "first-passphrase" }), resetPassword({ token, password: "second-passphrase" })]);
    expect(results.filter(({ status }) => status === "fulfilled")).toHaveLength(1);
    const { sessionVersion } = await db.user.findUniqueOrThrow({ where: { id: user.id }, select: { sessionVersion: true } });
    expect(sessionVersion).toBe(1);
  });

  it("refuses a password the sign-up form would refuse, and keeps the link", async () => {
    const user = await makeUser();
    const token = await mailedToken(user.email);
    await expect(resetPassword({ token, password: "short" })).rejects.toThrow();
    expect(await isResetLinkUsable(token)).toBe(true);
  });
});
