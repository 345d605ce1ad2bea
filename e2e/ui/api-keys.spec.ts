/**
 * Browser flows for accounts and API keys in Chromium: sign-up → log-out → log-in → a key created in the
 * page works on /v2 and stops working once revoked; plus the log-in errors, throttling and redirects around them.
 */
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { createUser } from "../../server/users/user.service";
import { seriousAxeViolations } from "../support/axe-serious";
import { expect, test } from "../support/fixtures";

const PASSWORD = "correct-horse-battery-staple";
const API_KEYS_PATH = "/settings/developer/api-keys";

const uniqueEmail = (prefix: string) => `${prefix}-${randomBytes(6).toString("hex")}@example.test`;

async function seedUser() {
  const email = uniqueEmail("ui");
  await createUser({ email, password: PASSWORD });
  return email;
}

/** Next.js keeps an empty role="alert" route announcer on every page, so alerts are found by their text. */
const alertWith = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text });

/** The signed-in home names its user in the account menu of the site's shell. */
async function expectSignedInAs(page: Page, email: string) {
  await page.getByRole("button", { name: /^Account menu/ }).click();
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  await page.keyboard.press("Escape");
}

async function logIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

test("sign up, log out, log in, then an API key works on /v2 until it is revoked", async ({ page, request }) => {
  const email = uniqueEmail("signup");

  await page.goto("/auth/signup");
  await page.getByLabel("Name (optional)").fill("Ada Lovelace");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  // A sign-up with nowhere to return to continues into onboarding; the home page offers to resume it.
  await expect(page.getByRole("heading", { name: "Set up your profile" })).toBeVisible();
  await page.goto("/");
  await expectSignedInAs(page, email);
  await expect(page.getByRole("link", { name: "Finish setting up" })).toHaveAttribute("href", "/onboarding");

  await page.getByRole("button", { name: /^Account menu/ }).click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);

  await logIn(page, email);
  await expectSignedInAs(page, email);
  await page.goto("/settings/developer/api-keys");
  await expect(page.getByRole("heading", { name: "API keys", level: 1 })).toBeVisible();
  await expect(page.getByText("You have no API keys yet.")).toBeVisible();

  await page.getByLabel("Name").fill("CI key");
  await page.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByText("You will not see it again")).toBeVisible();
  const key = await page.getByLabel("Your new API key").inputValue();
  expect(key).toMatch(/^cnv_live_/);
  await expect(page.getByRole("row", { name: /CI key/ })).toContainText(`…${key.slice(-4)}`);

  const authorized = { headers: { Authorization: `Bearer ${key}` } };
  const me = await request.get("/v2/me", authorized);
  expect(me.status()).toBe(200);
  expect((await me.json()).data.email).toBe(email);

  await page.reload();
  await expect(page.getByRole("row", { name: /CI key/ })).toBeVisible();
  await expect(page.getByLabel("Your new API key")).toHaveCount(0);
  expect(await page.content()).not.toContain(key);

  await page.getByRole("button", { name: "Revoke CI key" }).click();
  const dialog = page.getByRole("dialog", { name: "Revoke “CI key”?" });
  await dialog.getByRole("button", { name: "Revoke key" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("You have no API keys yet.")).toBeVisible();

  expect((await request.get("/v2/me", authorized)).status()).toBe(401);
});

test("a wrong password shows a readable error and keeps the visitor on the log-in page", async ({ page }) => {
  const email = await seedUser();
  await page.goto("/auth/login");
  await logIn(page, email, "not-the-password");
  await expect(alertWith(page, "E-mail or password is incorrect")).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test("after ten wrong passwords from one address, the account refuses even the right one there for a while, and says so", async ({ page }) => {
  const email = await seedUser();
  // Its own caller address, so the per-address limit other tests add to stays out of the way.
  await page.setExtraHTTPHeaders({ "x-forwarded-for": `198.51.100.${randomBytes(1)[0]}` });
  await page.goto("/auth/login");
  const attempt = async (password: string) => {
    const answered = page.waitForResponse((response) => response.url().includes("/api/auth/callback/credentials"));
    await logIn(page, email, password);
    await answered;
  };
  for (let i = 0; i < 10; i++) {
    await attempt(`wrong-${i}`);
    await expect(alertWith(page, "E-mail or password is incorrect")).toBeVisible();
  }
  await attempt(PASSWORD);
  await expect(alertWith(page, "Too many failed log-ins. Wait a few minutes and try again.")).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test("without the page's scripts the log-in and sign-up forms take no input and send none, so a password never goes out in a URL", async ({ page }) => {
  await page.route(/\/_next\/static\/.*\.js$/, (route) => route.abort());
  const leaks: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes(encodeURIComponent(PASSWORD))) leaks.push(request.url());
  });
  for (const [path, button] of [
    ["/auth/login", "Log in"],
    ["/auth/signup", "Create account"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByLabel("E-mail")).toBeDisabled();
    await expect(page.getByLabel("Password")).toBeDisabled();
    await expect(page.getByRole("button", { name: button })).toBeDisabled();
    // A value put there some other way (an extension, say) and a native submission: disabled fields are not sent.
    const submission = page.waitForRequest((request) => request.isNavigationRequest() && new URL(request.url()).pathname === path);
    await page.getByLabel("Password").evaluate((input: HTMLInputElement, value) => {
      input.value = value;
      input.form!.requestSubmit();
    }, PASSWORD);
    const submitted = await submission;
    expect(new URL(submitted.url()).searchParams.has("password")).toBe(false);
    // The submission's navigation must have landed before the next goto, or it interrupts that one.
    await page.waitForURL((url) => url.href === submitted.url());
  }
  await page.goto("/auth/login"); // a navigation the submissions would have had to come before
  expect(leaks).toEqual([]);
});

test("sign-up explains field errors and a taken e-mail", async ({ page }) => {
  const email = await seedUser();
  await page.goto("/auth/signup");
  await page.getByLabel("E-mail").fill("not-an-email");
  await page.getByLabel("Password").fill("short");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Must be a valid e-mail address")).toBeVisible();
  await expect(page.getByText("Password is at least 8 characters")).toBeVisible();

  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(alertWith(page, "An account with this e-mail already exists")).toBeVisible();
});

test("the API keys page sends a visitor to log in and back again", async ({ page }) => {
  const email = await seedUser();
  await page.goto(API_KEYS_PATH);
  await expect(page).toHaveURL(`/auth/login?callbackUrl=${encodeURIComponent(API_KEYS_PATH)}`);
  await logIn(page, email);
  await expect(page).toHaveURL(API_KEYS_PATH);
  await expect(page.getByRole("heading", { name: "API keys", level: 1 })).toBeVisible();
});

for (const callbackUrl of ["//example.com/phish", "https://example.com/phish", "/\\example.com/phish"]) {
  test(`log-in ignores the off-site callbackUrl ${callbackUrl}`, async ({ page, baseURL }) => {
    const email = await seedUser();
    await page.goto(`/auth/login?callbackUrl=${encodeURIComponent(callbackUrl)}`);
    await logIn(page, email);
    await expectSignedInAs(page, email);
    expect(page.url()).toBe(`${baseURL}/`);
  });
}

test("log-in returns to a same-origin callbackUrl exactly as given, query string included", async ({ page }) => {
  const email = await seedUser();
  const callbackUrl = "/docs/api?client_id=abc&redirect_uri=https%3A%2F%2Fapp.example%2Fcb&state=x%2Fy";
  await page.goto(`/auth/login?callbackUrl=${encodeURIComponent(callbackUrl)}`);
  await logIn(page, email);
  await expect(page).toHaveURL(callbackUrl);
});

test("Refresh replaces a key: the new one is shown once and works (bare too), the old one stops at once", async ({ page, request }) => {
  const email = await seedUser();
  await page.goto(API_KEYS_PATH);
  await logIn(page, email);
  await page.getByLabel("Name").fill("Rotating key");
  await page.getByRole("button", { name: "Create key" }).click();
  const oldKey = await page.getByLabel("Your new API key").inputValue();
  await page.getByRole("button", { name: "I have saved it" }).click();

  await page.getByRole("button", { name: "Refresh Rotating key" }).click();
  const dialog = page.getByRole("dialog", { name: "Refresh “Rotating key”?" });
  await expect(dialog).toContainText(`…${oldKey.slice(-4)}`);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await dialog.getByRole("button", { name: "Refresh key" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { name: "API key “Rotating key” refreshed" })).toBeVisible();
  const newKey = await page.getByLabel("Your new API key").inputValue();
  expect(newKey).toMatch(/^cnv_live_/);
  expect(newKey).not.toBe(oldKey);
  await expect(page.getByRole("row", { name: /Rotating key/ })).toContainText(`…${newKey.slice(-4)}`);
  await expect(page.getByRole("row", { name: /Rotating key/ })).toHaveCount(1);

  expect((await request.get("/v2/me", { headers: { Authorization: `Bearer ${oldKey}` } })).status()).toBe(401);
  expect((await request.get("/v2/me", { headers: { Authorization: newKey } })).status()).toBe(200);
});
