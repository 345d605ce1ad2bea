/**
 * The whole OAuth path in Chromium, in order: a developer registers a confidential and a public client
 * in the page; an admin accepts both (with the e-mails on both sides); a new user allows the confidential
 * app and the app exchanges, uses, refreshes and survives a secret rotation; the public app does PKCE
 * through oauth4webapi, a real client library; Deny returns access_denied; revoking in "Authorized apps"
 * stops the app's token. The apps have no servers: the tests read code and state from the
 * navigation the browser makes to their redirect URIs.
 */
import { randomBytes } from "node:crypto";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import * as oauth from "oauth4webapi";
import { DEFAULT_PASSWORD, makeUser, uniqueEmail } from "../../prisma/factories";
import { callbackAfter } from "../support/app-callback";
import { mailsTo } from "../support/mail-catcher";
import { expect, test } from "../support/fixtures";

test.describe.configure({ mode: "serial", timeout: 120_000 });

const TOKEN = "/v2/auth/oauth2/token";
const CLIENTS_PATH = "/settings/developer/oauth";
const suffix = randomBytes(3).toString("hex");

type App = { name: string; redirectUri: string; scopes: string[]; type: "Confidential" | "Public"; clientId: string; secret: string | null };
const CONFIDENTIAL: App = {
  name: `Calendar Sync ${suffix}`,
  redirectUri: "https://calendar-sync.example.test/oauth/callback",
  scopes: ["BOOKING_READ", "PROFILE_READ"],
  type: "Confidential",
  clientId: "",
  secret: null,
};
const PUBLIC: App = {
  name: `Pocket Planner ${suffix}`,
  redirectUri: "http://localhost:7311/callback",
  scopes: ["PROFILE_READ"],
  type: "Public",
  clientId: "",
  secret: null,
};
const developerEmail = uniqueEmail("developer");
const userEmail = uniqueEmail("enduser");
/** What the confidential app holds after the code exchange and refreshes. */
const held = { accessToken: "", refreshToken: "" };

/** Each test claims its own address, so the token endpoint's per-address failure limit stays out of the way. */
const asCaller = () => ({ "x-forwarded-for": `203.0.113.${randomBytes(1)[0]}` });
const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

const openPages: Page[] = [];
test.afterEach(async () => {
  for (const page of openPages.splice(0)) await page.context().close();
});

/** A page in a fresh context (its own cookies: developer, admin and user never share a session). */
async function newPage(browser: Browser): Promise<Page> {
  const page = await browser.newPage();
  openPages.push(page);
  return page;
}

async function fillCredentials(page: Page, email: string) {
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(DEFAULT_PASSWORD);
}

async function logInAt(page: Page, path: string, email: string) {
  await page.goto(`/auth/login?callbackUrl=${encodeURIComponent(path)}`);
  await fillCredentials(page, email);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(path);
}

async function registerClient(page: Page, app: App) {
  await page.getByRole("button", { name: "Register a client" }).click();
  const form = page.getByRole("form", { name: "Register an OAuth client" });
  await form.getByLabel("Name", { exact: true }).fill(app.name);
  await form.getByLabel("Website URL").fill(`https://${app.name.split(" ")[0]!.toLowerCase()}.example.test`);
  await form.getByLabel("Redirect URI 1").fill(app.redirectUri);
  for (const scope of app.scopes) await form.getByRole("checkbox", { name: new RegExp(`^${scope}`) }).check();
  await form.getByLabel("Purpose").fill(`${app.name} reads what it needs to show the user's schedule.`);
  await form.getByRole("radio", { name: new RegExp(`^${app.type}`) }).check();
  await form.getByRole("button", { name: "Register client" }).click();
  await expect(page.getByText(`“${app.name}” is registered and waits for review`)).toBeVisible();

  const card = page.getByRole("article", { name: app.name });
  app.clientId = await card.getByText(/^[0-9a-f]{32}$/).innerText();
  if (app.type === "Confidential") {
    app.secret = await page.getByRole("textbox", { name: "New client secret" }).inputValue();
    expect(app.secret).toMatch(/^cnv_cs_/);
    await page.getByRole("button", { name: "I have saved it" }).click();
  } else {
    await expect(page.getByRole("textbox", { name: "New client secret" })).toHaveCount(0);
    await page.getByRole("button", { name: "Dismiss" }).click();
  }
}

function authorizePath(app: App, params: Record<string, string>) {
  const query = new URLSearchParams({ client_id: app.clientId, redirect_uri: app.redirectUri, response_type: "code", ...params });
  return `/auth/oauth2/authorize?${query}`;
}

/** The consent screen's decision, and the callback URL the browser is then sent to. */
async function decide(page: Page, app: App, button: "Allow" | "Deny"): Promise<URL> {
  await expect(page.getByRole("heading", { name: `${app.name} wants to access your Convene account` })).toBeVisible();
  return callbackAfter(page, app.redirectUri, () => page.getByRole("button", { name: button }).click());
}

async function requestTokens(request: APIRequestContext, form: Record<string, string>) {
  const response = await request.post(TOKEN, { form: { client_id: CONFIDENTIAL.clientId, ...form }, headers: asCaller() });
  return { status: response.status(), body: await response.json() };
}

/**
 * The Subject as a person reads it. nodemailer folds long subjects and writes them as RFC 2047 encoded
 * words when they hold characters such as `"`; mailsTo's `subject` is only the raw first line.
 */
const subjectsTo = (email: string) => mailsTo(email).map((mail) => mail.subject);

async function expectMe(request: APIRequestContext, accessToken: string) {
  const me = await request.get("/v2/me", bearer(accessToken));
  expect(me.status()).toBe(200);
  expect((await me.json()).data.email).toBe(userEmail);
}

test("a developer registers two clients and an admin accepts both, with the e-mails on each side", async ({ browser }) => {
  const admin = await makeUser({ role: "ADMIN" });
  const developer = await newPage(browser);
  await developer.goto(`/auth/signup?callbackUrl=${encodeURIComponent(CLIENTS_PATH)}`);
  await fillCredentials(developer, developerEmail);
  await developer.getByRole("button", { name: "Create account" }).click();
  await expect(developer).toHaveURL(CLIENTS_PATH);
  // The list loads in the browser: once it shows, the page is hydrated and its buttons respond.
  await expect(developer.getByText("You have not registered any OAuth clients yet.")).toBeVisible();
  await registerClient(developer, CONFIDENTIAL);
  await registerClient(developer, PUBLIC);
  for (const app of [CONFIDENTIAL, PUBLIC]) {
    await expect(developer.getByRole("article", { name: app.name }).getByText("Pending review")).toBeVisible();
  }
  await expect
    .poll(() => subjectsTo(admin.email))
    .toEqual(expect.arrayContaining([CONFIDENTIAL, PUBLIC].map((app) => `OAuth client waiting for review: ${app.name}`)));

  const adminPage = await newPage(browser);
  await logInAt(adminPage, "/settings/admin/oauth", admin.email);
  for (const app of [CONFIDENTIAL, PUBLIC]) {
    const card = adminPage.getByRole("region", { name: /Waiting for review/ }).getByRole("article", { name: app.name });
    await expect(card).toContainText(developerEmail);
    await expect(card).toContainText(app.redirectUri);
    await expect(card).toContainText("View personal info");
    await expect(card).toContainText(`${app.type} client`);
    await card.getByRole("button", { name: `Accept ${app.name}` }).click();
    await expect(adminPage.getByRole("region", { name: /Reviewed/ }).getByRole("article", { name: app.name })).toContainText("Accepted");
  }

  await expect
    .poll(() => subjectsTo(developerEmail))
    .toEqual(expect.arrayContaining([CONFIDENTIAL, PUBLIC].map((app) => `Your OAuth client "${app.name}" was accepted`)));
  await developer.reload();
  for (const app of [CONFIDENTIAL, PUBLIC]) {
    await expect(developer.getByRole("article", { name: app.name }).getByText("Accepted", { exact: true })).toBeVisible();
  }
});

test("a new user allows the confidential app; its tokens work, refresh, and outlive a secret rotation", async ({ browser, request }) => {
  const page = await newPage(browser);
  const state = "csrf token with spaces & an ampersand=1";
  await page.goto(authorizePath(CONFIDENTIAL, { scope: CONFIDENTIAL.scopes.join(" "), state }));
  await expect(page).toHaveURL(/\/auth\/login\?callbackUrl=/);
  const loginUrl = new URL(page.url());
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page.getByRole("heading", { name: "Create your Convene account" })).toBeVisible();
  expect(new URL(page.url()).searchParams.get("callbackUrl")).toBe(loginUrl.searchParams.get("callbackUrl"));
  await fillCredentials(page, userEmail);
  await page.getByRole("button", { name: "Create account" }).click();
  const permissions = page.getByRole("list", { name: "Requested permissions" });
  await expect(permissions.getByRole("listitem")).toHaveText(["View bookings", "View personal info"]);
  await expect(page.getByText(`Signed in as ${userEmail}`)).toBeVisible();

  const callback = await decide(page, CONFIDENTIAL, "Allow");
  expect(callback.searchParams.get("state")).toBe(state);
  const code = callback.searchParams.get("code");
  expect(code).toBeTruthy();

  const exchanged = await requestTokens(request, {
    grant_type: "authorization_code",
    client_secret: CONFIDENTIAL.secret!,
    code: code!,
    redirect_uri: CONFIDENTIAL.redirectUri,
  });
  expect(exchanged.status).toBe(200);
  expect(exchanged.body).toMatchObject({ token_type: "bearer", expires_in: 1800 });
  expect(exchanged.body.scope.split(" ").sort()).toEqual(CONFIDENTIAL.scopes);
  await expectMe(request, exchanged.body.access_token);

  const refreshed = await requestTokens(request, {
    grant_type: "refresh_token",
    client_secret: CONFIDENTIAL.secret!,
    refresh_token: exchanged.body.refresh_token,
  });
  expect(refreshed.status).toBe(200);
  expect(refreshed.body.access_token).not.toBe(exchanged.body.access_token);
  expect(refreshed.body.refresh_token).not.toBe(exchanged.body.refresh_token);
  expect(refreshed.body.scope).toBe(exchanged.body.scope);
  await expectMe(request, refreshed.body.access_token);

  // Rotation in the developer's page: generate a second secret, then revoke the first.
  const developer = await newPage(browser);
  await logInAt(developer, CLIENTS_PATH, developerEmail);
  const card = developer.getByRole("article", { name: CONFIDENTIAL.name });
  await card.getByRole("button", { name: "Generate secret" }).click();
  const newSecret = await card.getByRole("textbox", { name: "New client secret" }).inputValue();
  expect(newSecret).not.toBe(CONFIDENTIAL.secret);
  const oldHint = CONFIDENTIAL.secret!.slice(-4);
  await card.getByRole("button", { name: `Revoke secret ending in ${oldHint}` }).click();
  await developer.getByRole("dialog").getByRole("button", { name: "Revoke secret" }).click();
  await expect(card.getByRole("list", { name: `Secrets of ${CONFIDENTIAL.name}` }).getByRole("listitem")).toHaveText([new RegExp(`^…${newSecret.slice(-4)}`)]);

  const refreshToken = refreshed.body.refresh_token;
  const withOld = await requestTokens(request, { grant_type: "refresh_token", client_secret: CONFIDENTIAL.secret!, refresh_token: refreshToken });
  expect([withOld.status, withOld.body.error]).toEqual([401, "invalid_client"]);
  await expectMe(request, refreshed.body.access_token);
  const withNew = await requestTokens(request, { grant_type: "refresh_token", client_secret: newSecret, refresh_token: refreshToken });
  expect(withNew.status).toBe(200);
  expect(withNew.body.scope).toBe(exchanged.body.scope);
  await expectMe(request, withNew.body.access_token);
  CONFIDENTIAL.secret = newSecret;
  held.accessToken = withNew.body.access_token;
  held.refreshToken = withNew.body.refresh_token;
});

test("the public app authorizes with PKCE through oauth4webapi", async ({ browser, request, baseURL }) => {
  const issuer = new URL(baseURL!);
  const insecure = { [oauth.allowInsecureRequests]: true }; // the test server runs on http://localhost
  const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: "oauth2", ...insecure }));
  const client: oauth.Client = { client_id: PUBLIC.clientId };
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const authorizationUrl = new URL(as.authorization_endpoint!);
  authorizationUrl.search = new URLSearchParams({
    client_id: PUBLIC.clientId,
    redirect_uri: PUBLIC.redirectUri,
    response_type: "code",
    scope: PUBLIC.scopes.join(" "),
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
  }).toString();

  const page = await newPage(browser);
  await page.goto(authorizationUrl.href);
  await fillCredentials(page, userEmail);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("list", { name: "Requested permissions" }).getByRole("listitem")).toHaveText(["View personal info"]);
  const callback = await decide(page, PUBLIC, "Allow");

  const params = oauth.validateAuthResponse(as, client, callback, state);
  const response = await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, PUBLIC.redirectUri, verifier, insecure);
  const tokens = await oauth.processAuthorizationCodeResponse(as, client, response);
  expect(tokens.token_type).toBe("bearer");
  expect(tokens.scope).toBe("PROFILE_READ");
  await expectMe(request, tokens.access_token);
});

test("Deny sends the user back with error=access_denied and the same state", async ({ browser }) => {
  const page = await newPage(browser);
  const state = "deny me & keep this";
  await logInAt(page, "/settings/my-apps", userEmail);
  await page.goto(authorizePath(CONFIDENTIAL, { scope: "PROFILE_READ", state }));
  const callback = await decide(page, CONFIDENTIAL, "Deny");
  expect(callback.searchParams.get("error")).toBe("access_denied");
  expect(callback.searchParams.get("state")).toBe(state);
  expect(callback.searchParams.has("code")).toBe(false);
});

test("revoking the app under Authorized apps stops its token at once", async ({ browser, request }) => {
  await expectMe(request, held.accessToken);
  const page = await newPage(browser);
  await logInAt(page, "/settings/my-apps", userEmail);
  const app = page.getByRole("article", { name: CONFIDENTIAL.name });
  await expect(app.getByRole("list", { name: `Permissions of ${CONFIDENTIAL.name}` })).toContainText("View bookings");
  await expect(app).toContainText("View personal info");
  await expect(page.getByRole("article", { name: PUBLIC.name })).toBeVisible();

  await app.getByRole("button", { name: `Revoke access for ${CONFIDENTIAL.name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Revoke access for “${CONFIDENTIAL.name}”?` });
  await dialog.getByRole("button", { name: "Revoke access" }).click();
  await expect(dialog).toBeHidden();
  await expect(app).toHaveCount(0);
  await expect(page.getByRole("article", { name: PUBLIC.name })).toBeVisible();

  expect((await request.get("/v2/me", bearer(held.accessToken))).status()).toBe(401);
  const refresh = await requestTokens(request, { grant_type: "refresh_token", client_secret: CONFIDENTIAL.secret!, refresh_token: held.refreshToken });
  expect(refresh.status).toBe(400);
});
