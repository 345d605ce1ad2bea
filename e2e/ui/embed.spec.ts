/**
 * OnboardingEmbed in Chromium, with the demo app (e2e/demo) on http://127.0.0.1 and Convene on
 * http://localhost: another site, so the iframe's session lives on partitioned SameSite=None cookies.
 * The app's callbacks and navigations are read from the demo page; codes are exchanged as a public
 * client with PKCE, as the app's back end would.
 */
import { createHash, randomBytes } from "node:crypto";
import type { APIRequestContext, FrameLocator, Page } from "@playwright/test";
import { DEFAULT_PASSWORD, makeUser, uniqueEmail } from "../../prisma/factories";
import { makeOAuthClient } from "../../prisma/oauth-factories";
import { db } from "../../server/db/client";
import { startDemoServer, type DemoServer } from "../demo/server";
import { expect, test } from "../support/fixtures";

const SCOPES = ["APPS_READ", "PROFILE_READ", "SCHEDULE_READ"];
const APP_NAME = `Demo Planner ${randomBytes(3).toString("hex")}`;

let demo: DemoServer;
let clientId: string;

test.beforeAll(async () => {
  demo = await startDemoServer();
  const { client } = await makeOAuthClient({ name: APP_NAME, type: "PUBLIC", scopes: SCOPES, redirectUris: [`${demo.origin}/callback`] });
  clientId = client.id;
});

test.afterAll(async () => {
  await demo.stop();
});

type Pkce = { verifier: string; challenge: string };
const newPkce = (): Pkce => {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
};

type DemoOptions = { state?: string; pkce?: Pkce; [param: string]: string | Pkce | undefined };

/** Opens the demo app configured by `options` and the embed's dialog; returns the iframe. */
/** Opens the demo page and clicks the trigger; the dialog may close again at once (a failed verify). */
async function clickTrigger(page: Page, baseURL: string, options: DemoOptions = {}) {
  const { pkce = newPkce(), state = "demo-state", ...rest } = options;
  const params = new URLSearchParams({ host: baseURL, client_id: clientId, scope: SCOPES.join(" "), state, code_challenge: pkce.challenge });
  for (const [key, value] of Object.entries(rest)) if (typeof value === "string") params.set(key, value);
  await page.goto(`${demo.origin}/?${params}`);
  await page.getByRole("button", { name: "Continue with Convene" }).click();
}

async function openEmbed(page: Page, baseURL: string, options: DemoOptions = {}): Promise<FrameLocator> {
  await clickTrigger(page, baseURL, options);
  await expect(page.getByRole("dialog", { name: "Continue with Convene" })).toBeVisible();
  return page.frameLocator('iframe[title="Convene onboarding"]');
}

const events = (page: Page) => page.getByRole("list", { name: "Events" }).getByRole("listitem");

async function exchange(request: APIRequestContext, code: string, verifier: string) {
  const response = await request.post("/v2/auth/oauth2/token", {
    form: { grant_type: "authorization_code", client_id: clientId, code, redirect_uri: `${demo.origin}/callback`, code_verifier: verifier },
    headers: { "x-forwarded-for": `198.51.100.${randomBytes(1)[0]}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as { access_token: string; scope: string };
}

async function logIn(frame: FrameLocator, email: string) {
  await frame.getByRole("button", { name: "Log in" }).click();
  const form = frame.getByRole("form", { name: "Log in" });
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Password").fill(DEFAULT_PASSWORD);
  await form.getByRole("button", { name: "Log in" }).click();
}

const consentHeading = (frame: FrameLocator) => frame.getByRole("heading", { name: `${APP_NAME} wants to access your Convene account` });

test("a new user signs up inside the embed, sets a profile, connects an ICS feed and consents; the app's code works", async ({ page, request, baseURL }) => {
  const pkce = newPkce();
  const email = uniqueEmail("embedded");
  const username = `emb${randomBytes(4).toString("hex")}`;
  const frame = await openEmbed(page, baseURL!, { pkce, state: "s&t=1 ü", email, name: "Ada Embedded" });

  await expect(frame.getByRole("heading", { name: "Get started with Convene" })).toBeVisible();
  // The identity provider (configured for this run) would refuse to be framed: no button for it here.
  await expect(frame.getByRole("button", { name: /^Continue with / })).toHaveCount(0);
  const signUp = frame.getByRole("form", { name: "Create your account" });
  await expect(signUp.getByLabel("E-mail")).toHaveValue(email);
  await expect(signUp.getByLabel("Name (optional)")).toHaveValue("Ada Embedded");
  await signUp.getByLabel("Password").fill(DEFAULT_PASSWORD);
  await signUp.getByRole("button", { name: "Create account" }).click();

  await expect(frame.getByRole("heading", { name: "Set up your profile" })).toBeVisible();
  const profile = frame.getByRole("form", { name: "Your profile" });
  await expect(profile.getByLabel("Name", { exact: true })).toHaveValue("Ada Embedded");
  await profile.getByLabel("Username").fill(username);
  await profile.getByLabel("Time zone").selectOption("Europe/Paris");
  await profile.getByRole("button", { name: "Continue" }).click();

  await expect(frame.getByRole("heading", { name: "Connect a calendar" })).toBeVisible();
  const feed = frame.getByRole("form", { name: "Connect an ICS feed" });
  await feed.getByLabel("ICS feed URL").fill(`${demo.origin}/not-a-feed`);
  await feed.getByRole("button", { name: "Connect feed" }).click();
  await expect(feed.getByText("The feed answered 404")).toBeVisible();
  await feed.getByLabel("ICS feed URL").fill(`${demo.origin}/calendar.ics`);
  await feed.getByRole("button", { name: "Connect feed" }).click();

  await expect(consentHeading(frame)).toBeVisible({ timeout: 30_000 });
  await expect(frame.getByText(`Signed in as ${email}`)).toBeVisible();
  await frame.getByRole("button", { name: "Allow" }).click();

  await expect(events(page)).toHaveText(["onAuthorizationAllowed"]);
  await expect(page.getByRole("dialog", { name: "Continue with Convene" })).toBeHidden();
  expect(page.url()).toContain(demo.origin); // callback mode: no navigation
  const code = await page.getByLabel("Authorization code").innerText();
  expect(code).not.toBe("none yet");

  const tokens = await exchange(request, code, pkce.verifier);
  expect(tokens.scope.split(" ").sort()).toEqual(SCOPES);
  const me = await request.get("/v2/me", { headers: { authorization: `Bearer ${tokens.access_token}` } });
  expect(me.status()).toBe(200);
  expect((await me.json()).data).toMatchObject({ email, username, name: "Ada Embedded", timeZone: "Europe/Paris", defaultScheduleId: expect.any(Number) });
  const schedule = await request.get("/v2/schedules/default", { headers: { authorization: `Bearer ${tokens.access_token}` } });
  expect((await schedule.json()).data).toMatchObject({
    timeZone: "Europe/Paris",
    isDefault: true,
    availability: [{ days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], startTime: "09:00", endTime: "17:00" }],
  });
  const calendars = await request.get("/v2/calendars", { headers: { authorization: `Bearer ${tokens.access_token}` } });
  const { connectedCalendars } = (await calendars.json()).data as { connectedCalendars: { integration: { type: string }; calendars: unknown[] }[] };
  expect(connectedCalendars.map((connection) => [connection.integration.type, connection.calendars.length])).toEqual([["ics-feed_calendar", 1]]);
  const user = await db.user.findUniqueOrThrow({ where: { email }, select: { onboardingStep: true } });
  expect(user.onboardingStep).toBe("COMPLETE");

  // The iframe's session lives in cookies partitioned under the demo's site, never first-party ones.
  const cookies = (await page.context().cookies(baseURL)).filter((cookie) => ["next-auth.session-token", "convene-embed"].includes(cookie.name));
  expect(cookies.map((cookie) => cookie.name).sort()).toEqual(["convene-embed", "next-auth.session-token"]);
  for (const cookie of cookies)
    expect(cookie).toMatchObject({ sameSite: "None", secure: true, httpOnly: true, partitionKey: expect.stringContaining("127.0.0.1") });
});

async function userAt(step: "CALENDARS" | "COMPLETE") {
  const user = await makeUser();
  await db.user.update({ where: { id: user.id }, data: { onboardingStep: step } });
  return user;
}

test("a returning complete user goes straight to consent; denying calls onAuthorizationDenied; the session stays in the embed", async ({ page, baseURL }) => {
  const user = await userAt("COMPLETE");
  let frame = await openEmbed(page, baseURL!);
  await logIn(frame, user.email);
  await expect(consentHeading(frame)).toBeVisible();
  await expect(frame.getByRole("list", { name: "Requested permissions" }).getByRole("listitem")).toHaveText([
    "View connected apps",
    "View personal info",
    "View availability",
  ]);
  await frame.getByRole("button", { name: "Deny" }).click();
  await expect(events(page)).toHaveText(["onAuthorizationDenied"]);
  await expect(page.getByRole("dialog")).toBeHidden();

  // Opened again on the same page: the embed's own session is still there, so consent comes at once.
  await page.getByRole("button", { name: "Continue with Convene" }).click();
  frame = page.frameLocator('iframe[title="Convene onboarding"]');
  await expect(consentHeading(frame)).toBeVisible();
  await page.getByRole("button", { name: "Close" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(events(page)).toHaveText(["onAuthorizationDenied", "onClose"]);
});

test("an incomplete user resumes at their step; redirect mode sends the browser to redirectUri with code and state", async ({ page, request, baseURL }) => {
  const user = await userAt("CALENDARS");
  const pkce = newPkce();
  const frame = await openEmbed(page, baseURL!, { pkce, state: "resume-state", allowed: "redirect" });
  await logIn(frame, user.email);
  await expect(frame.getByRole("heading", { name: "Connect a calendar" })).toBeVisible();
  await frame.getByRole("button", { name: "Skip for now" }).click();
  await frame.getByRole("button", { name: "Allow" }).click();

  await page.waitForURL((url) => url.href.startsWith(`${demo.origin}/callback`));
  const callback = new URL(page.url());
  expect(callback.searchParams.get("state")).toBe("resume-state");
  const tokens = await exchange(request, callback.searchParams.get("code")!, pkce.verifier);
  const me = await request.get("/v2/me", { headers: { authorization: `Bearer ${tokens.access_token}` } });
  expect((await me.json()).data.email).toBe(user.email);
});

test("denial in redirect mode sends the browser to redirectUri with error=access_denied and the state", async ({ page, baseURL }) => {
  const user = await userAt("COMPLETE");
  const frame = await openEmbed(page, baseURL!, { state: "deny & return", denied: "redirect" });
  await logIn(frame, user.email);
  await expect(consentHeading(frame)).toBeVisible();
  await frame.getByRole("button", { name: "Deny" }).click();
  await page.waitForURL((url) => url.href.startsWith(`${demo.origin}/callback`));
  expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ error: "access_denied", state: "deny & return" });
});

test("messages from any other origin change nothing", async ({ page, baseURL }) => {
  const forger = await startDemoServer(); // same site as the demo, another origin than Convene
  try {
    const user = await userAt("COMPLETE");
    const frame = await openEmbed(page, baseURL!, { state: "real-state" });
    await expect(frame.getByRole("heading", { name: "Get started with Convene" })).toBeVisible();
    await page.evaluate(() => window.postMessage({ type: "authorization:allowed", data: { code: "forged-code", state: "real-state" } }, "*"));
    await page.evaluate((src) => {
      const iframe = document.createElement("iframe");
      iframe.src = src;
      iframe.title = "forger";
      document.body.append(iframe);
    }, `${forger.origin}/forge?state=real-state`);
    await expect(page.frameLocator('iframe[title="forger"]').getByText("forged messages sent")).toBeVisible();

    await expect(page.getByRole("dialog", { name: "Continue with Convene" })).toBeVisible();
    await expect(events(page)).toHaveCount(0);
    await expect(page.getByLabel("Authorization code")).toHaveText("none yet");

    // The real iframe is still heard.
    await logIn(frame, user.email);
    await frame.getByRole("button", { name: "Allow" }).click();
    await expect(events(page)).toHaveText(["onAuthorizationAllowed"]);
    await expect(page.getByLabel("Authorization code")).not.toHaveText(/none yet|forged-code/);
  } finally {
    await forger.stop();
  }
});

test("an unregistered redirect URI is reported as INVALID_PROPS by the verify step", async ({ page, baseURL }) => {
  await clickTrigger(page, baseURL!, { redirect_uri: `${demo.origin}/not-registered` });
  await expect(events(page)).toHaveText(["onError INVALID_PROPS: The redirect_uri does not match any redirect URI registered for this application."]);
  await expect(page.getByRole("dialog")).toBeHidden();
});

test("invalid props are reported as INVALID_PROPS before anything renders", async ({ page, baseURL }) => {
  const cases: [Record<string, string>, string][] = [
    [{ host: "ftp://convene.example.test" }, "host must be an http(s) URL"],
    [{ client_id: "" }, "oAuthClientId is required"],
    [{ redirect_uri: "https://elsewhere.example.test/callback" }, "authorization.redirectUri must share scheme, domain and port with this page"],
    [{ scope: "" }, "authorization.scope must list at least one scope"],
    [{ code_challenge: "too-short" }, "authorization.codeChallenge must be a base64url SHA-256 (S256) challenge of 43 characters"],
  ];
  for (const [params, message] of cases) {
    await page.goto(`${demo.origin}/?${new URLSearchParams({ host: baseURL!, client_id: clientId, code_challenge: newPkce().challenge, ...params })}`);
    await expect(events(page)).toHaveText([`onError INVALID_PROPS: ${message}`]);
    await expect(page.getByRole("button", { name: "Continue with Convene" })).toHaveCount(0);
    await expect(page.locator("iframe")).toHaveCount(0);
  }
});

test("the dark theme reaches the trigger, the steps and the consent page; a custom trigger opens the same dialog", async ({ page, baseURL }) => {
  const user = await userAt("COMPLETE");
  const params = new URLSearchParams({
    host: baseURL!,
    client_id: clientId,
    scope: "PROFILE_READ",
    state: "x",
    code_challenge: newPkce().challenge,
    theme: "dark",
    trigger: "custom",
  });
  await page.goto(`${demo.origin}/?${params}`);
  await expect(page.getByRole("button", { name: "Continue with Convene" })).toHaveCount(0);
  await page.getByRole("button", { name: "Sign up with our scheduling partner" }).click();
  const frame = page.frameLocator('iframe[title="Convene onboarding"]');
  const surface = frame.locator("main").locator("..");
  await expect(surface).toHaveCSS("color-scheme", "dark");
  await logIn(frame, user.email);
  await expect(consentHeading(frame)).toBeVisible();
  await expect(surface).toHaveCSS("color-scheme", "dark");

  await page.goto(`${demo.origin}/?${new URLSearchParams({ host: baseURL!, client_id: clientId, code_challenge: newPkce().challenge, theme: "dark" })}`);
  await expect(page.getByRole("button", { name: "Continue with Convene" })).toHaveCSS("background-color", "rgb(99, 102, 241)");
});

test("only the verified origin may frame the flow; its cookie is partitioned; everything else keeps frame-ancestors 'none'", async ({ request }) => {
  const query = new URLSearchParams({
    client_id: clientId,
    redirect_uri: `${demo.origin}/callback`,
    scope: "PROFILE_READ",
    state: "st",
    theme: "light",
    onboardingEmbed: "true",
    code_challenge: newPkce().challenge,
    code_challenge_method: "S256",
  });
  const verified = await request.get(`/api/onboarding-embed/verify?${query}`, { maxRedirects: 0, headers: { "sec-fetch-dest": "iframe" } });
  expect(verified.status()).toBe(302);
  expect(verified.headers()["location"]).toMatch(/^\/onboarding\?client_id=/);
  const setCookie = verified.headers()["set-cookie"]!;
  expect(setCookie).toMatch(/^convene-embed=[^;]+; Path=\/; Max-Age=\d+; HttpOnly; Secure; SameSite=None; Partitioned$/);
  const cookie = setCookie.split(";")[0]!;

  const framed = await request.get(verified.headers()["location"]!, { headers: { cookie } });
  expect(framed.headers()["content-security-policy"]).toBe(`frame-ancestors ${demo.origin}`);
  expect(framed.headers()["x-frame-options"]).toBeUndefined();
  for (const path of [verified.headers()["location"]!, "/", "/auth/login", "/settings/my-apps"]) {
    const response = await request.get(path, { maxRedirects: 0, headers: { cookie: "" } });
    expect(response.headers()["content-security-policy"], path).toContain("frame-ancestors 'none'");
  }
  const forged = await request.get(verified.headers()["location"]!, { headers: { cookie: `convene-embed=${"x".repeat(40)}.forged` } });
  expect(forged.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
});
