/**
 * Sign-up through an external OpenID Connect provider (a real one, node-oidc-provider on loopback): the
 * account's name, e-mail and username are used and the app's prefill is ignored; a second sign-in finds
 * the same account by (issuer, subject); an e-mail that already has a password account is not taken over.
 *
 * Convene reads OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET when it starts. When nothing answers
 * at OIDC_ISSUER yet, this file starts the provider there itself.
 */
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { makeUser } from "../../prisma/factories";
import { makeOAuthClient } from "../../prisma/oauth-factories";
import { db } from "../../server/db/client";
import { claimsFor, startOidcProvider, type OidcProviderServer } from "../demo/oidc-provider";
import { callbackAfter } from "../support/app-callback";
import { expect, test } from "../support/fixtures";

const ISSUER = process.env.OIDC_ISSUER;
const REDIRECT_URI = "https://oidc-app.example.test/callback";
const PROVIDER_NAME = process.env.OIDC_NAME ?? "single sign-on";

// One worker for this file: a provider it starts must outlive every test that signs in through it.
test.describe.configure({ mode: "serial" });
// The global setup starts e2e/demo/oidc-provider.ts and passes OIDC_ISSUER to Convene; without it this fails.
test.beforeAll(() => expect(ISSUER, "OIDC_ISSUER is not set: run through Playwright's global setup").toBeTruthy());

let started: OidcProviderServer | undefined;

test.beforeAll(async () => {
  const isUp = await fetch(`${ISSUER}/.well-known/openid-configuration`).then(
    (response) => response.ok,
    () => false,
  );
  if (!isUp) started = await startOidcProvider({ port: Number(new URL(ISSUER!).port), clientSecret: process.env.OIDC_CLIENT_SECRET });
});

test.afterAll(async () => {
  await started?.stop();
});

/** The provider's development log-in and consent pages: any password is accepted for any login. */
async function signInAtProvider(page: Page, login: string) {
  await page.getByRole("button", { name: `Continue with ${PROVIDER_NAME}` }).click();
  await page.waitForURL((url) => url.href.startsWith(ISSUER!));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("any password");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
}

test.beforeEach(async ({ page }) => {
  // The provider's pages load a web font; there is no network here.
  await page.route(/^https:\/\/fonts\./, (route) => route.abort());
});

test("sign-up through the provider takes name, e-mail and username from the account; the app's prefill is ignored", async ({ page, browser }) => {
  const { client } = await makeOAuthClient({ name: "OIDC App", redirectUris: [REDIRECT_URI], scopes: ["PROFILE_READ"] });
  const login = `grace${randomBytes(4).toString("hex")}`;
  const claims = claimsFor(login);
  const prefill = { email: "prefill@example.test", name: "Prefilled Name", username: "prefilled" };
  const query = new URLSearchParams({ client_id: client.id, redirect_uri: REDIRECT_URI, scope: "PROFILE_READ", state: "oidc-state", ...prefill });
  await page.goto(`/onboarding?${query}`);
  await signInAtProvider(page, login);

  await expect(page.getByRole("heading", { name: "Set up your profile" })).toBeVisible();
  const profile = page.getByRole("form", { name: "Your profile" });
  await expect(profile.getByLabel("Name", { exact: true })).toHaveValue(claims.name);
  await expect(profile.getByLabel("Username")).toHaveValue(login);
  await profile.getByLabel("Time zone").selectOption("Asia/Tokyo");
  await profile.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("button", { name: "Skip for now" }).click();
  await expect(page.getByText(`Signed in as ${claims.email}`)).toBeVisible();
  const callback = await callbackAfter(page, REDIRECT_URI, () => page.getByRole("button", { name: "Allow" }).click());
  expect(callback.searchParams.get("state")).toBe("oidc-state");
  expect(callback.searchParams.get("code")).toBeTruthy();

  const user = await db.user.findUniqueOrThrow({ where: { email: claims.email }, include: { identities: true, password: true } });
  expect(user).toMatchObject({ name: claims.name, username: login, timeZone: "Asia/Tokyo", onboardingStep: "COMPLETE", password: null });
  expect(user.identities.map(({ issuer, subject }) => ({ issuer, subject }))).toEqual([{ issuer: ISSUER!.replace(/\/+$/, ""), subject: login }]);

  // Signing in again, in a fresh browser, finds the same account: onboarding is complete, so consent comes at once.
  const again = await browser.newPage();
  try {
    await again.route(/^https:\/\/fonts\./, (route) => route.abort());
    await again.goto(`/onboarding?${query}`);
    await signInAtProvider(again, login);
    await expect(again.getByRole("heading", { name: "OIDC App wants to access your Convene account" })).toBeVisible();
    expect(await db.user.count({ where: { email: claims.email } })).toBe(1);
  } finally {
    await again.context().close();
  }
});

test("an e-mail that already has a password account is not linked to the provider's account", async ({ page }) => {
  const login = `taken${randomBytes(4).toString("hex")}`;
  const existing = await makeUser({ email: claimsFor(login).email });
  await page.goto("/onboarding");
  await signInAtProvider(page, login);
  await expect(page).toHaveURL(/\/auth\/login\?.*error=/);
  await expect(page.getByRole("alert").filter({ hasText: "Could not log in" })).toBeVisible();
  expect(await db.externalIdentity.count({ where: { userId: existing.id } })).toBe(0);
});
