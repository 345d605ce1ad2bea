/**
 * The delivery log, "redeliver" and "send test event" of event type and team event type webhooks against the
 * running app: deliveries received and verified by a real subscriber on loopback, the same answers as the account
 * routes, another user's webhook a 404, a team's MEMBER reading the log but refused the actions (403), OAuth tokens
 * refused at both levels (Convene's own routes, absent from the spec's scope tables).
 */
import type { APIRequestContext } from "@playwright/test";
import { makeApiKey, makeUser } from "../../prisma/factories";
import { makeOAuthTokens } from "../../prisma/oauth-factories";
import { makeHostWithEventType } from "../../prisma/scheduling-factories";
import { makeTenancyWorld } from "../../prisma/team-factories";
import { db } from "../../server/db/client";
import { expect, test } from "../support/fixtures";
import { webhookReceiverForFile } from "../support/webhook-receiver";

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const receiver = webhookReceiverForFile();

type Headers = Record<string, string>;

/** Creates a webhook under `base` (its list URL) and answers its own URL and secret. */
async function createHook(request: APIRequestContext, base: string, headers: Headers, path: string) {
  const created = await request.post(base, { headers, data: { subscriberUrl: receiver().url(path), triggers: ["BOOKING_CREATED"], active: true } });
  expect(created.status(), await created.text()).toBe(201);
  const { id, secret } = (await created.json()).data as { id: number; secret: string };
  receiver().expectSecrets(path, [secret]);
  return { url: `${base}/${id}`, secret };
}

/** Test event, then a redelivery of it, both received and verified; the log lists both attempts, newest first. */
async function testAndRedeliver(request: APIRequestContext, hook: { url: string; secret: string }, headers: Headers, path: string) {
  receiver().script(path, [
    { status: 200, body: "pong" },
    { status: 503, body: "busy" },
  ]);
  const tested = await request.post(`${hook.url}/test`, { headers });
  expect(tested.status(), await tested.text()).toBe(200);
  const attempt = (await tested.json()).data;
  expect(attempt).toMatchObject({ trigger: "PING", attempt: 1, status: 200, response: "pong", messageState: "DELIVERED" });
  const [first] = await receiver().waitFor(path, 1);
  expect(first!.verifiedWith).toEqual([hook.secret]);
  expect(first!.headers["webhook-id"]).toBe(attempt.messageId);
  expect(JSON.parse(first!.body)).toMatchObject({ triggerEvent: "PING", payload: { title: "Test event from Convene" } });

  const again = await request.post(`${hook.url}/messages/${attempt.messageId}/redeliver`, { headers });
  expect(again.status(), await again.text()).toBe(200);
  expect((await again.json()).data).toMatchObject({ messageId: attempt.messageId, attempt: 2, status: 503, response: "busy" });
  const both = await receiver().waitFor(path, 2);
  expect(both[1]!.headers["webhook-id"]).toBe(attempt.messageId);
  expect(both[1]!.verifiedWith).toEqual([hook.secret]);
  return attempt.messageId as string;
}

async function attemptsIn(request: APIRequestContext, hookUrl: string, headers: Headers) {
  const log = await request.get(`${hookUrl}/deliveries`, { headers });
  expect(log.status(), await log.text()).toBe(200);
  return (await log.json()).data.map((entry: { attempt: number; status: number }) => [entry.attempt, entry.status]);
}

/** The three routes as someone who must not reach them: each answers `status`, and nothing is delivered. */
async function expectRefused(request: APIRequestContext, hookUrl: string, messageId: string, headers: Headers, status: number, path: string) {
  const before = receiver().deliveries(path).length;
  for (const [method, url] of [
    ["GET", `${hookUrl}/deliveries`],
    ["POST", `${hookUrl}/test`],
    ["POST", `${hookUrl}/messages/${messageId}/redeliver`],
  ] as const) {
    const response = await request.fetch(url, { method, headers });
    expect(response.status(), `${method} ${url}: ${await response.text()}`).toBe(status);
  }
  expect(receiver().deliveries(path)).toHaveLength(before);
}

test("event type webhook: test event and redelivery received and logged; another user's is a 404; OAuth tokens refused", async ({ request }) => {
  const { host, eventType, apiKey } = await makeHostWithEventType();
  const headers = bearer(apiKey);
  const path = `/event-type-${eventType.id}`;
  const hook = await createHook(request, `/v2/event-types/${eventType.id}/webhooks`, headers, path);

  const messageId = await testAndRedeliver(request, hook, headers, path);
  expect(await attemptsIn(request, hook.url, headers)).toEqual([
    [2, 503],
    [1, 200],
  ]);

  const stranger = await makeUser();
  await expectRefused(request, hook.url, messageId, bearer(await makeApiKey(stranger.id)), 404, path);
  // The webhook named under another of the owner's event types is not there either.
  const other = await db.eventType.create({ data: { userId: host.id, title: "Other", slug: `other-${eventType.id}`, lengthInMinutes: 15 } });
  await expectRefused(request, hook.url.replace(`/${eventType.id}/`, `/${other.id}/`), messageId, headers, 404, path);

  const oauth = await makeOAuthTokens(["EVENT_TYPE_READ", "EVENT_TYPE_WRITE"], { userId: host.id });
  await expectRefused(request, hook.url, messageId, bearer(oauth.access_token), 403, path);
});

test("team event type webhook: an ADMIN tests and redelivers, a MEMBER reads the log but gets 403 on both actions, a non-member 404", async ({ request }) => {
  const world = await makeTenancyWorld();
  const eventType = await db.eventType.create({ data: { teamId: world.team.id, title: "Team call", slug: `team-call-${world.team.id}`, lengthInMinutes: 30 } });
  const keyOf = async (user: { id: number }) => bearer(await makeApiKey(user.id));
  const admin = await keyOf(world.users.admin);
  const path = `/team-event-type-${eventType.id}`;
  const hook = await createHook(request, `/v2/teams/${world.team.id}/event-types/${eventType.id}/webhooks`, admin, path);

  const messageId = await testAndRedeliver(request, hook, admin, path);
  const member = await keyOf(world.users.member);
  expect(await attemptsIn(request, hook.url, member)).toEqual([
    [2, 503],
    [1, 200],
  ]);
  for (const url of [`${hook.url}/test`, `${hook.url}/messages/${messageId}/redeliver`]) {
    const refused = await request.post(url, { headers: member });
    expect(refused.status(), await refused.text()).toBe(403);
    expect((await refused.json()).error.message).toContain("OWNER or ADMIN");
  }
  expect(receiver().deliveries(path)).toHaveLength(2);

  await expectRefused(request, hook.url, messageId, await keyOf(world.users.outsider), 404, path);
  // Another team's owner naming the webhook under their own team: their team has no such event type.
  await expectRefused(
    request,
    hook.url.replace(`/teams/${world.team.id}/`, `/teams/${world.otherTeam.id}/`),
    messageId,
    await keyOf(world.users.outsider),
    404,
    path,
  );

  const oauth = await makeOAuthTokens(["TEAM_EVENT_TYPE_READ", "TEAM_EVENT_TYPE_WRITE"], { userId: world.users.admin.id });
  await expectRefused(request, hook.url, messageId, bearer(oauth.access_token), 403, path);
});
