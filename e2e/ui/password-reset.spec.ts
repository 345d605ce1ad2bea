/**
 * Forgotten passwords in Chromium on a phone-sized screen: from the log-in page to the mailed link (read from the
 * SMTP catcher), a new password, and back in; the session signed in before is refused; a used or expired link is
 * refused on its page. axe on each page.
 */
import { randomBytes } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { DEFAULT_PASSWORD, makeUser } from "../../prisma/factories";
import { hashSecret } from "../../server/auth/secrets";
import { db, disconnectDb } from "../../server/db/client";
import { fitsWidth, seriousAxeViolations } from "../support/axe-serious";
import { expect, test } from "../support/fixtures";
import { mailsTo } from "../support/mail-catcher";
import { logIn } from "../support/web-session";

test.afterAll(() => disconnectDb());
test.use({ viewport: { width: 390, height: 844 } });

const NEW_PASSWORD = "a-brand-new-passphrase";
const REFUSED = "This reset link is invalid, already used or expired.";

/** The reset link in the newest mail to `email`, once it has arrived. */
async function mailedLink(email: string): Promise<string> {
  const linkIn = () =>
    mailsTo(email)
      .at(-1)
      ?.text.match(/https?:\/\/\S+\/auth\/reset-password\/[A-Za-z0-9_-]+/)?.[0];
  await expect.poll(linkIn, { timeout: 30_000 }).toBeTruthy();
  return linkIn()!;
}

const sessionEmail = async (request: APIRequestContext) =>
  ((await (await request.get("/api/auth/session")).json()) as { user?: { email?: string } }).user?.email;

test("forgot → mail → new password → signed in; the old session is refused and the link works once", async ({ page, playwright, baseURL }) => {
  const user = await makeUser();
  const address = `203.0.113.${1 + (Date.now() % 200)}`;
  const elsewhere = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": address } });
  await logIn(elsewhere, user.email);
  expect(await sessionEmail(elsewhere)).toBe(user.email);

  await page.goto("/auth/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await page.waitForURL("**/auth/forgot-password");
  expect(await seriousAxeViolations(page)).toEqual([]);
  expect(await fitsWidth(page)).toBe(true);
  await page.getByLabel("E-mail").fill(user.email);
  await page.getByRole("button", { name: "Send me a reset link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "If an account uses this address" })).toBeVisible();

  const link = await mailedLink(user.email);
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  expect(await fitsWidth(page)).toBe(true);
  await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Set new password" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  expect(await sessionEmail(page.request)).toBe(user.email);

  // The session from before the reset is over; the old password no longer works, the new one does.
  expect(await sessionEmail(elsewhere)).toBeUndefined();
  const fresh = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": address } });
  await expect(logIn(fresh, user.email, DEFAULT_PASSWORD)).rejects.toThrow();
  await logIn(fresh, user.email, NEW_PASSWORD);
  expect(await sessionEmail(fresh)).toBe(user.email);

  await page.goto(new URL(link).pathname);
  await expect(page.getByText(REFUSED)).toBeVisible();
  await expect(page.getByLabel("New password", { exact: true })).toHaveCount(0);
  await Promise.all([elsewhere.dispose(), fresh.dispose()]);
});

test("an expired link is refused on its page and by the reset itself", async ({ page, request }) => {
  const user = await makeUser();
  const token = `cnv_pr_${randomBytes(32).toString("base64url")}`;
  await db.passwordResetToken.create({ data: { userId: user.id, tokenHash: hashSecret(token), expiresAt: new Date(Date.now() - 1000) } });
  await page.goto(`/auth/reset-password/${token}`);
  await expect(page.getByText(REFUSED)).toBeVisible();
  await expect(page.getByLabel("New password", { exact: true })).toHaveCount(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
  const reset = await request.post("/api/trpc/auth.resetPassword", { data: { token, password: NEW_PASSWORD } });
  expect(reset.status()).toBe(400);
  expect((await reset.json()).error.message).toContain(REFUSED);
});
