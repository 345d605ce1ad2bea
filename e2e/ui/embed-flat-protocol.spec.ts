/**
 * The peer's OnboardingEmbed pointed at Convene: a test double that reads every message's fields flat
 * (e2e/demo/flat-embed-double.ts, served by the demo app on http://127.0.0.1, another site than Convene's
 * localhost). It must finish the flow as Convene's own package does (embed.spec.ts): code and state in
 * callback and redirect mode, denial as `?error=access_denied&state=…`, errors with their message, iframe
 * sized by the reported width and height, and nothing heard from anyone but Convene's iframe.
 */
import { createHash, randomBytes } from "node:crypto";
import type { APIRequestContext, FrameLocator, Page } from "@playwright/test";
import { DEFAULT_PASSWORD, makeUser, uniqueEmail } from "../../prisma/factories";
import { makeOAuthClient } from "../../prisma/oauth-factories";
import { db } from "../../server/db/client";
import { startDemoServer, type DemoServer } from "../demo/server";
import { expect, test } from "../support/fixtures";

const APP_NAME = `Peer App ${randomBytes(3).toString("hex")}`;

let demo: DemoServer;
let clientId: string;

test.beforeAll(async () => {
  demo = await startDemoServer();
  const { client } = await makeOAuthClient({ name: APP_NAME, type: "PUBLIC", scopes: ["PROFILE_READ"], redirectUris: [`${demo.origin}/callback`] });
  clientId = client.id;
});

test.afterAll(async () => {
  await demo.stop();
});

const newPkce = () => {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
};

/** Opens the double with `params` and clicks its trigger; returns Convene's iframe. */
async function openDouble(page: Page, baseURL: string, params: Record<string, string>): Promise<FrameLocator> {
  await page.goto(`${demo.origin}/flat?${new URLSearchParams({ host: baseURL, client_id: clientId, scope: "PROFILE_READ", ...params })}`);
  await page.getByRole("button", { name: "Continue with Convene" }).click();
  return page.frameLocator('iframe[title="Convene onboarding"]');
}

const events = (page: Page) => page.getByRole("list", { name: "Events" }).getByRole("listitem");
const consentHeading = (frame: FrameLocator) => frame.getByRole("heading", { name: `${APP_NAME} wants to access your Convene account` });

async function exchange(request: APIRequestContext, code: string, verifier: string) {
  const response = await request.post("/v2/auth/oauth2/token", {
    form: { grant_type: "authorization_code", client_id: clientId, code, redirect_uri: `${demo.origin}/callback`, code_verifier: verifier },
    headers: { "x-forwarded-for": `198.51.100.${randomBytes(1)[0]}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as { access_token: string };
}

async function logIn(frame: FrameLocator, email: string) {
  const form = frame.getByRole("form", { name: "Log in" });
  // Once in CI (1 run in about 30) the click on the account step's "Log in" toggle left the sign-up form in place, and
  // the spec timed out; the cause is not found yet (a remount of the step would reset its mode). A second click then
  // shows the form, as it would for a person, so the spec goes on to what it tests: the flat protocol.
  await expect(async () => {
    if (!(await form.isVisible())) await frame.getByRole("button", { name: "Log in" }).click({ timeout: 5_000 });
    await expect(form).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Password").fill(DEFAULT_PASSWORD);
  await form.getByRole("button", { name: "Log in" }).click();
}

async function completeUser() {
  const user = await makeUser();
  await db.user.update({ where: { id: user.id }, data: { onboardingStep: "COMPLETE" } });
  return user;
}

/** The iframe takes the size the messages report: a button outside its box would be clipped. */
async function expectInsideIframe(page: Page, frame: FrameLocator, buttonName: string) {
  const iframeBox = () => page.locator('iframe[title="Convene onboarding"]').boundingBox();
  const buttonBox = () => frame.getByRole("button", { name: buttonName }).boundingBox();
  await expect
    .poll(async () => {
      const [outer, inner] = [await iframeBox(), await buttonBox()];
      if (!outer || !inner) return "not laid out";
      const fits =
        inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.width <= outer.x + outer.width && inner.y + inner.height <= outer.y + outer.height;
      return fits ? "inside" : `button ${JSON.stringify(inner)} outside iframe ${JSON.stringify(outer)}`;
    })
    .toBe("inside");
}

test("sign-up → profile → calendar → consent → code, read flat, in callback mode; the reported size keeps the buttons in view", async ({
  page,
  request,
  baseURL,
}) => {
  const pkce = newPkce();
  const email = uniqueEmail("flat");
  const frame = await openDouble(page, baseURL!, { state: "flat s&t ü", code_challenge: pkce.challenge });

  await expect(frame.getByRole("heading", { name: "Get started with Convene" })).toBeVisible();
  const signUp = frame.getByRole("form", { name: "Create your account" });
  await signUp.getByLabel("E-mail").fill(email);
  await signUp.getByLabel("Password").fill(DEFAULT_PASSWORD);
  await signUp.getByRole("button", { name: "Create account" }).click();
  const profile = frame.getByRole("form", { name: "Your profile" });
  await profile.getByLabel("Username").fill(`flat${randomBytes(4).toString("hex")}`);
  await profile.getByRole("button", { name: "Continue" }).click();
  await frame.getByRole("button", { name: "Skip for now" }).click();

  await expect(consentHeading(frame)).toBeVisible();
  await expectInsideIframe(page, frame, "Allow");
  await expectInsideIframe(page, frame, "Deny");
  await frame.getByRole("button", { name: "Allow" }).click();

  await expect(events(page)).toHaveText(["onAuthorizationAllowed"]);
  await expect(page.getByRole("dialog")).toBeHidden();
  const tokens = await exchange(request, await page.getByLabel("Authorization code").innerText(), pkce.verifier);
  const me = await request.get("/v2/me", { headers: { authorization: `Bearer ${tokens.access_token}` } });
  expect((await me.json()).data.email).toBe(email);
});

test("redirect mode, read flat: the browser goes to redirectUri with the code and the state", async ({ page, request, baseURL }) => {
  const user = await completeUser();
  const pkce = newPkce();
  const frame = await openDouble(page, baseURL!, { state: "flat-redirect", code_challenge: pkce.challenge, allowed: "redirect" });
  await logIn(frame, user.email);
  await expect(consentHeading(frame)).toBeVisible();
  await frame.getByRole("button", { name: "Allow" }).click();

  await page.waitForURL((url) => url.href.startsWith(`${demo.origin}/callback`));
  const callback = new URL(page.url()).searchParams;
  expect(callback.get("state")).toBe("flat-redirect");
  const tokens = await exchange(request, callback.get("code")!, pkce.verifier);
  const me = await request.get("/v2/me", { headers: { authorization: `Bearer ${tokens.access_token}` } });
  expect((await me.json()).data.email).toBe(user.email);
});

test("denial in redirect mode, read flat: ?error=access_denied&state=…, never error=undefined", async ({ page, baseURL }) => {
  const user = await completeUser();
  const frame = await openDouble(page, baseURL!, { state: "deny & return", code_challenge: newPkce().challenge, denied: "redirect" });
  await logIn(frame, user.email);
  await expect(consentHeading(frame)).toBeVisible();
  await frame.getByRole("button", { name: "Deny" }).click();
  await page.waitForURL((url) => url.href.startsWith(`${demo.origin}/callback`));
  expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ error: "access_denied", state: "deny & return" });
});

test("denial in callback mode, read flat, calls onAuthorizationDenied", async ({ page, baseURL }) => {
  const user = await completeUser();
  const frame = await openDouble(page, baseURL!, { code_challenge: newPkce().challenge });
  await logIn(frame, user.email);
  await frame.getByRole("button", { name: "Deny" }).click();
  await expect(events(page)).toHaveText(["onAuthorizationDenied"]);
});

test("an error reaches onError with its code and message, read flat", async ({ page, baseURL }) => {
  await openDouble(page, baseURL!, { code_challenge: newPkce().challenge, redirect_uri: `${demo.origin}/not-registered` });
  await expect(events(page)).toHaveText([
    `onError ${JSON.stringify({ code: "INVALID_PROPS", message: "The redirect_uri does not match any redirect URI registered for this application." })}`,
  ]);
  await expect(page.getByRole("dialog")).toBeHidden();
});

test("the double hears only Convene's iframe: flat messages forged by the page or another origin change nothing", async ({ page, baseURL }) => {
  const forger = await startDemoServer();
  try {
    const user = await completeUser();
    const frame = await openDouble(page, baseURL!, { state: "real-state", code_challenge: newPkce().challenge });
    await expect(frame.getByRole("heading", { name: "Get started with Convene" })).toBeVisible();
    await page.evaluate(() => window.postMessage({ type: "authorization:allowed", code: "forged-code", state: "real-state" }, "*"));
    await page.evaluate((src) => {
      const iframe = document.createElement("iframe");
      iframe.src = src;
      iframe.title = "forger";
      document.body.append(iframe);
    }, `${forger.origin}/forge?state=real-state`);
    await expect(page.frameLocator('iframe[title="forger"]').getByText("forged messages sent")).toBeVisible();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expect(events(page)).toHaveCount(0);

    await logIn(frame, user.email);
    await frame.getByRole("button", { name: "Allow" }).click();
    await expect(events(page)).toHaveText(["onAuthorizationAllowed"]);
    await expect(page.getByLabel("Authorization code")).not.toHaveText(/none yet|forged-code/);
  } finally {
    await forger.stop();
  }
});
