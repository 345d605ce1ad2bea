/**
 * Onboarding on the site (no embed): account → profile → calendar → consent when an app sent the
 * person; progress is stored per user and resumed; the theme reaches the consent page.
 */
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { DEFAULT_PASSWORD, makeUser, uniqueEmail } from "../../prisma/factories";
import { makeOAuthClient } from "../../prisma/oauth-factories";
import { db } from "../../server/db/client";
import { callbackAfter } from "../support/app-callback";
import { expect, test } from "../support/fixtures";

const REDIRECT_URI = "https://onboarding-app.example.test/callback";
const APP_NAME = `Onboarding App ${randomBytes(3).toString("hex")}`;

async function appClient() {
  const { client } = await makeOAuthClient({ name: APP_NAME, redirectUris: [REDIRECT_URI], scopes: ["PROFILE_READ"] });
  return client.id;
}

async function signUp(page: Page, email: string) {
  const form = page.getByRole("form", { name: "Create your account" });
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Password").fill(DEFAULT_PASSWORD);
  await form.getByRole("button", { name: "Create account" }).click();
}

async function logIn(page: Page, email: string) {
  await page.getByRole("button", { name: "Log in" }).click();
  const form = page.getByRole("form", { name: "Log in" });
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Password").fill(DEFAULT_PASSWORD);
  await form.getByRole("button", { name: "Log in" }).click();
}

const currentStep = (page: Page) => page.getByRole("list", { name: "Onboarding steps" }).locator('[aria-current="step"]');

test("a new person signs up, sets a profile and skips calendars; profile, default schedule and progress are stored", async ({ page }) => {
  const email = uniqueEmail("onboard");
  const username = `onb${randomBytes(4).toString("hex")}`;
  await page.goto("/onboarding");
  await expect(currentStep(page)).toHaveText(/Account/);
  await signUp(page, email);

  await expect(page.getByRole("heading", { name: "Set up your profile" })).toBeVisible();
  const profile = page.getByRole("form", { name: "Your profile" });
  await profile.getByLabel("Name", { exact: true }).fill("Grace Hopper");
  await profile.getByLabel("Username").fill(username);
  await profile.getByLabel("Time zone").selectOption("America/New_York");
  await profile.getByRole("button", { name: "Continue" }).click();

  await expect(page.getByRole("heading", { name: "Connect a calendar" })).toBeVisible();
  await expect(currentStep(page)).toHaveText(/Calendar/);
  await page.getByRole("button", { name: "Skip for now" }).click();
  await expect(page.getByRole("heading", { name: "You are all set" })).toBeVisible();

  const user = await db.user.findUniqueOrThrow({
    where: { email },
    select: { name: true, username: true, timeZone: true, onboardingStep: true, defaultSchedule: { select: { timeZone: true, entries: true } } },
  });
  expect(user).toMatchObject({ name: "Grace Hopper", username, timeZone: "America/New_York", onboardingStep: "COMPLETE" });
  expect(user.defaultSchedule?.timeZone).toBe("America/New_York");
  expect(user.defaultSchedule?.entries.map(({ days, startMinute, endMinute, date }) => ({ days, startMinute, endMinute, date }))).toEqual([
    { days: [1, 2, 3, 4, 5], startMinute: 9 * 60, endMinute: 17 * 60, date: null },
  ]);
});

test("from an app: the app's values prefill sign-up and profile, and consent comes last", async ({ page }) => {
  const clientId = await appClient();
  const email = uniqueEmail("fromapp");
  const username = `app${randomBytes(4).toString("hex")}`;
  const query = new URLSearchParams({
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    scope: "PROFILE_READ",
    state: "st 1",
    email,
    name: "Prefilled Name",
    username,
  });
  await page.goto(`/onboarding?${query}`);
  await expect(page.getByRole("list", { name: "Onboarding steps" }).getByRole("listitem")).toHaveText([/Account/, /Profile/, /Calendar/, /Connect app/]);
  await expect(page.getByLabel("E-mail")).toHaveValue(email);
  await expect(page.getByLabel("Name (optional)")).toHaveValue("Prefilled Name");
  await page.getByLabel("Name (optional)").fill("");
  await signUp(page, email);

  const profile = page.getByRole("form", { name: "Your profile" });
  await expect(profile.getByLabel("Name", { exact: true })).toHaveValue("Prefilled Name");
  await expect(profile.getByLabel("Username")).toHaveValue(username);
  await profile.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("button", { name: "Skip for now" }).click();

  await expect(page.getByRole("heading", { name: `${APP_NAME} wants to access your Convene account` })).toBeVisible();
  const callback = await callbackAfter(page, REDIRECT_URI, () => page.getByRole("button", { name: "Allow" }).click());
  expect(callback.searchParams.get("state")).toBe("st 1");
  expect(callback.searchParams.get("code")).toBeTruthy();
});

test("progress is resumed: a returning person continues at their step, and a complete one goes straight to consent", async ({ page }) => {
  const clientId = await appClient();
  const query = new URLSearchParams({ client_id: clientId, redirect_uri: REDIRECT_URI, scope: "PROFILE_READ", state: "s" });
  const atProfile = await makeUser();
  const taken = await makeUser();
  await page.goto(`/onboarding?${query}`);
  await logIn(page, atProfile.email);
  await expect(page.getByRole("heading", { name: "Set up your profile" })).toBeVisible();
  // A username that belongs to someone else is refused in place.
  const profile = page.getByRole("form", { name: "Your profile" });
  await profile.getByLabel("Username").fill(taken.username);
  await profile.getByRole("button", { name: "Continue" }).click();
  await expect(profile.getByRole("alert")).toHaveText("This username is taken");
  await page.reload();
  await expect(page.getByRole("heading", { name: "Set up your profile" })).toBeVisible();

  const complete = await makeUser();
  await db.user.update({ where: { id: complete.id }, data: { onboardingStep: "COMPLETE" } });
  await page.context().clearCookies();
  await page.goto(`/onboarding?${query}`);
  await logIn(page, complete.email);
  await expect(page.getByRole("heading", { name: `${APP_NAME} wants to access your Convene account` })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/auth/oauth2/authorize");
});

test("the dark theme reaches the onboarding steps and the consent page", async ({ page }) => {
  const clientId = await appClient();
  const user = await makeUser();
  await db.user.update({ where: { id: user.id }, data: { onboardingStep: "COMPLETE" } });
  await page.goto(`/onboarding?${new URLSearchParams({ client_id: clientId, redirect_uri: REDIRECT_URI, scope: "PROFILE_READ", theme: "dark" })}`);
  const surface = page.locator("main").locator("..");
  await expect(surface).toHaveCSS("color-scheme", "dark");
  await logIn(page, user.email);
  await expect(page.getByRole("heading", { name: `${APP_NAME} wants to access your Convene account` })).toBeVisible();
  expect(new URL(page.url()).searchParams.get("theme")).toBe("dark");
  await expect(surface).toHaveCSS("color-scheme", "dark");
});
