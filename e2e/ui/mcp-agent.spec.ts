/**
 * An agent on the official MCP SDK client against the running Convene, the user played in Chromium: it discovers
 * authorization from /mcp's 401, identifies itself by a Client ID Metadata Document (served over https) or registers
 * (RFC 7591), is consented to on the consent page with PKCE and a resource indicator, then runs a booking day through
 * the tools (find slots → book, retried with its idempotency key → a taken slot answered with the nearest free ones →
 * reschedule → cancel); steps up on insufficient_scope; a token for another resource is refused both ways; revoking
 * the agent in "Authorized apps" ends its access at once.
 */
import { randomBytes, randomUUID } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { makeApiKey, makeUser } from "../../prisma/factories";
import { makeOAuthTokens } from "../../prisma/oauth-factories";
import { makeHostWithEventType, utcAt } from "../../prisma/scheduling-factories";
import { addMember, makeTeam } from "../../prisma/team-factories";
import { sessionActor } from "../../server/auth/actor";
import { disconnectDb } from "../../server/db/client";
import { setAgentPolicy } from "../../server/oauth/agents/agent-policy";
import { startDocumentHost } from "../support/agent-tls";
import { callbackAfter } from "../support/app-callback";
import { expect, test } from "../support/fixtures";
import { AGENT_REDIRECT_URI, newAgent, TestAgentProvider, toolAnswer } from "../support/mcp-agent";
import { DEFAULT_PASSWORD } from "../../prisma/factories";

test.describe.configure({ mode: "serial", timeout: 180_000 });

const suffix = randomBytes(3).toString("hex");
let documents: Awaited<ReturnType<typeof startDocumentHost>>;
const openPages: Page[] = [];

test.beforeAll(async () => {
  documents = await startDocumentHost();
});
test.afterEach(async () => {
  for (const page of openPages.splice(0)) await page.context().close();
});
test.afterAll(async () => {
  await documents.stop();
  await disconnectDb();
});

async function usePolicy(policy: "REVIEW_EACH" | "ALLOWED_DOMAINS" | "USER_SCOPES", domains: string[] = []) {
  const admin = await makeUser({ role: "ADMIN" });
  await setAgentPolicy(sessionActor(admin.id), { policy, domains });
}

/** The user logs in, reads the consent page (agent and scopes in words), allows; the code comes back at the agent's redirect URI. */
async function consentInChromium(browser: Browser, provider: TestAgentProvider, email: string, expectWords: string[]): Promise<string> {
  const authorization = provider.pendingAuthorization!;
  provider.pendingAuthorization = null;
  const page = await browser.newPage();
  openPages.push(page);
  await page.goto(`/auth/login?callbackUrl=${encodeURIComponent(authorization.pathname + authorization.search)}`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(DEFAULT_PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  // The consent page fetches the metadata document first: slower than a page of the site on a loaded machine.
  await expect(page.getByRole("heading", { name: `${provider.name} wants to access your Convene account` })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("This is an AI agent")).toBeVisible();
  const permissions = page.getByRole("list", { name: "Requested permissions" });
  for (const words of expectWords) await expect(permissions.getByText(words, { exact: true })).toBeVisible();
  const callback = await callbackAfter(page, AGENT_REDIRECT_URI, () => page.getByRole("button", { name: "Allow" }).click());
  // RFC 9207: the answer names its issuer.
  expect(callback.searchParams.get("iss")).toBe(new URL(authorization).origin);
  return callback.searchParams.get("code")!;
}

/** connect() fails with the SDK's UnauthorizedError once it has sent the user to authorize. */
async function authorizeAgent(baseURL: string, browser: Browser, provider: TestAgentProvider, email: string, expectWords: string[]) {
  const first = newAgent(baseURL, provider);
  await expect(first.client.connect(first.transport)).rejects.toBeInstanceOf(UnauthorizedError);
  const authorization = provider.pendingAuthorization!;
  expect(authorization.searchParams.get("code_challenge_method")).toBe("S256");
  expect(authorization.searchParams.get("resource")).toBe(`${baseURL}/mcp`);
  await first.transport.finishAuth(await consentInChromium(browser, provider, email, expectWords));
  const agent = newAgent(baseURL, provider);
  await agent.client.connect(agent.transport);
  return { authorization, agent };
}

test(
  "a metadata-document agent books, retries, is offered free slots, reschedules and cancels; revoking it ends its access",
  { tag: "@embedded" },
  async ({ browser, baseURL, page }) => {
    await usePolicy("USER_SCOPES");
    const { host, eventType } = await makeHostWithEventType();
    const name = `Scheduling Agent ${suffix}`;
    const documentUrl = documents.serve(`/agents/${suffix}.json`, {
      client_id: `${documents.origin}/agents/${suffix}.json`,
      client_name: name,
      client_uri: documents.origin,
      redirect_uris: [AGENT_REDIRECT_URI],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    });
    const provider = new TestAgentProvider(name, documentUrl);
    const { authorization, agent } = await authorizeAgent(baseURL!, browser, provider, host.email, ["View bookings", "Create, edit, delete bookings"]);
    expect(authorization.searchParams.get("client_id")).toBe(documentUrl);
    expect(authorization.searchParams.get("scope")?.split(" ")).toContain("BOOKING_READ");
    const call = async (name: string, args: Record<string, unknown>) =>
      toolAnswer<Record<string, unknown>>(await agent.client.callTool({ name, arguments: args }));

    const { tools } = await agent.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(["get_me", "find_available_slots", "create_booking", "reschedule_booking", "cancel_booking"]),
    );
    expect((await call("get_me", {})).data.email).toBe(host.email);

    const day = utcAt(2, 0).toISOString().slice(0, 10);
    const slots = (await call("find_available_slots", { eventTypeId: eventType.id, start: day, end: day, timeZone: "UTC" })).data as Record<
      string,
      { start: string }[]
    >;
    const [first, second] = slots[day]!;
    const attendee = { name: "Ada Lovelace", email: `ada-${suffix}@example.test`, timeZone: "UTC" };
    const idempotencyKey = randomUUID();
    const booked = await call("create_booking", { eventTypeId: eventType.id, start: first!.start, attendee, idempotencyKey });
    expect(booked.status).toBe("success");
    const uid = String(booked.data.uid);
    // The agent's retry after a lost answer gets the same booking, not a second one.
    expect((await call("create_booking", { eventTypeId: eventType.id, start: first!.start, attendee, idempotencyKey })).data.uid).toBe(uid);

    const taken = await call("create_booking", {
      eventTypeId: eventType.id,
      start: first!.start,
      attendee: { ...attendee, email: `bob-${suffix}@example.test` },
      idempotencyKey: randomUUID(),
    });
    expect(taken.status).toBe("error");
    expect(taken.error!.code).toBe("CONFLICT");
    const alternatives = taken.error!.next!.nearestFreeStarts!;
    expect(alternatives.length).toBeGreaterThan(0);
    expect(alternatives.map((start) => Date.parse(start))).not.toContain(Date.parse(first!.start));

    const moved = await call("reschedule_booking", { bookingUid: uid, start: second!.start });
    expect(moved.status).toBe("success");
    const movedUid = String(moved.data.uid);
    expect(movedUid).not.toBe(uid);
    expect((await call("cancel_booking", { bookingUid: movedUid, cancellationReason: "Plans changed" })).data.status).toBe("cancelled");
    const listed = await call("list_bookings", { bookingUid: movedUid });
    expect((listed.data as unknown as { status: string }[])[0]!.status).toBe("cancelled");

    // The user sees the agent with their authorized apps and revokes it; its next call is refused.
    await page.goto(`/auth/login?callbackUrl=${encodeURIComponent("/settings/my-apps")}`);
    await page.getByLabel("E-mail").fill(host.email);
    await page.getByLabel("Password").fill(DEFAULT_PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    const card = page.getByRole("article", { name });
    await expect(card.getByText("AI agent")).toBeVisible();
    await expect(card.getByText(`Client ID: ${documentUrl}`)).toBeVisible();
    await expect(card.getByText("last used")).toBeVisible();
    await card.getByRole("button", { name: `Revoke access for ${name}` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Revoke access" }).click();
    await expect(card).toHaveCount(0);
    const answer = await fetch(`${baseURL}/mcp`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${provider.heldTokens!.access_token}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(answer.status).toBe(401);
  },
);

test("a registered agent steps up on insufficient_scope; tokens work only at their own resource; API keys are bearer credentials", async ({
  browser,
  baseURL,
}) => {
  // Redirect URIs on 127.0.0.1 identify a dynamically registered client: listing it accepts its team scopes.
  await usePolicy("ALLOWED_DOMAINS", ["127.0.0.1"]);
  const user = await makeUser();
  const team = await makeTeam({ name: `Agents ${suffix}` });
  await addMember(team.id, user.id, "OWNER");
  const provider = new TestAgentProvider(`Registered Agent ${suffix}`);
  let { agent } = await authorizeAgent(baseURL!, browser, provider, user.email, ["View personal info"]);
  expect(String(provider.client!.client_id)).toMatch(/^dcr_/);

  // list_teams needs TEAM_PROFILE_READ, which the first consent did not give: 403 insufficient_scope, then a new consent.
  // SDK 1.32.2 answers an insufficient_scope by refreshing when it holds a refresh token (a refresh cannot widen a
  // grant, RFC 6749 §6, so it then gives up); this agent, as the MCP spec's step-up asks, authorizes again instead.
  provider.heldTokens = { ...provider.heldTokens!, refresh_token: undefined };
  await expect(agent.client.callTool({ name: "list_teams", arguments: {} })).rejects.toBeInstanceOf(UnauthorizedError);
  expect(provider.pendingAuthorization!.searchParams.get("scope")?.split(" ")).toContain("TEAM_PROFILE_READ");
  await agent.transport.finishAuth(await consentInChromium(browser, provider, user.email, ["View team profiles"]));
  agent = newAgent(baseURL!, provider);
  await agent.client.connect(agent.transport);
  const teams = toolAnswer<{ id: number }[]>(await agent.client.callTool({ name: "list_teams", arguments: {} }));
  expect(teams.data.map(({ id }) => id)).toContain(team.id);

  const mcpToken = provider.heldTokens!.access_token;
  const listTools = (authorization: string) =>
    fetch(`${baseURL}/mcp`, {
      method: "POST",
      headers: { authorization, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
  // The MCP token is not a credential of the REST API…
  expect((await fetch(`${baseURL}/v2/me`, { headers: { authorization: `Bearer ${mcpToken}` } })).status).toBe(401);
  // …and a token issued for the REST API (no resource) is not one of the MCP server.
  const restToken = (await makeOAuthTokens(["PROFILE_READ"], { userId: user.id })).access_token;
  const refused = await listTools(`Bearer ${restToken}`);
  expect(refused.status).toBe(401);
  expect(refused.headers.get("www-authenticate")).toMatch(/error="invalid_token".*resource_metadata|resource_metadata.*error="invalid_token"/);
  // The peer's MCP server takes API keys as bearer tokens; so does Convene's.
  const withKey = await listTools(`Bearer ${await makeApiKey(user.id)}`);
  expect(withKey.status).toBe(200);
  expect(((await withKey.json()) as { result: { tools: unknown[] } }).result.tools.length).toBeGreaterThan(10);
});

test("under REVIEW_EACH a new agent waits for an administrator: registration answers pending, the consent page says so", async ({ request, baseURL }) => {
  await usePolicy("REVIEW_EACH");
  const registered = await request.post("/v2/auth/oauth2/register", {
    data: { client_name: `Unreviewed Agent ${suffix}`, redirect_uris: [AGENT_REDIRECT_URI], token_endpoint_auth_method: "none" },
    headers: { "x-forwarded-for": `203.0.113.${randomBytes(1)[0]}` },
  });
  expect(registered.status()).toBe(201);
  const client = await registered.json();
  expect(client.convene_review_status).toBe("pending");
  const page = await request.get(
    `/auth/oauth2/authorize?${new URLSearchParams({ client_id: client.client_id, redirect_uri: AGENT_REDIRECT_URI, response_type: "code", scope: "PROFILE_READ", code_challenge: "a".repeat(43), resource: `${baseURL}/mcp` })}`,
  );
  expect(await page.text()).toContain("An administrator has been asked to review it");
  await usePolicy("USER_SCOPES");
});
