/**
 * Webhook routes against the running app: CRUD at the account and event type levels, 400s that change nothing,
 * scopes (the account routes are api-key-only), tenancy (another user's webhook is a 404), and "send test event"
 * and "redeliver" received by a real subscriber on loopback that verifies each delivery with `standardwebhooks`.
 */
import { makeApiKey, makeUser } from "../../prisma/factories";
import { makeOAuthTokens } from "../../prisma/oauth-factories";
import { makeHostWithEventType } from "../../prisma/scheduling-factories";
import { db } from "../../server/db/client";
import { expect, test } from "../support/fixtures";
import { webhookReceiverForFile } from "../support/webhook-receiver";

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const receiver = webhookReceiverForFile();

const hookBody = (path: string, extra: object = {}) => ({ subscriberUrl: receiver().url(path), triggers: ["BOOKING_CREATED"], active: true, ...extra });

async function account() {
  const user = await makeUser();
  return { user, headers: bearer(await makeApiKey(user.id)) };
}

test("account webhooks: create shows the secret once, then get, list, patch, delete", { tag: "@embedded" }, async ({ request }) => {
  const { user, headers } = await account();
  const created = await request.post("/v2/webhooks", { headers, data: hookBody("/crud") });
  expect(created.status()).toBe(201);
  const { data } = await created.json();
  expect(data).toMatchObject({ userId: user.id, subscriberUrl: receiver().url("/crud"), triggers: ["BOOKING_CREATED"], active: true, payloadTemplate: null });
  expect(data.secret).toMatch(/^whsec_/);
  const stored = await db.webhook.findUniqueOrThrow({ where: { id: data.id } });
  expect(stored.secretEncrypted).not.toContain(data.secret.slice(6));

  const got = await (await request.get(`/v2/webhooks/${data.id}`, { headers })).json();
  expect(got.data).not.toHaveProperty("secret");
  expect((await (await request.get("/v2/webhooks", { headers })).json()).data.map((hook: { id: number }) => hook.id)).toEqual([data.id]);

  const patched = await request.patch(`/v2/webhooks/${data.id}`, { headers, data: { active: false, triggers: ["BOOKING_CANCELLED", "OOO_CREATED"] } });
  expect((await patched.json()).data).toMatchObject({ active: false, triggers: ["BOOKING_CANCELLED", "OOO_CREATED"] });
  expect((await request.delete(`/v2/webhooks/${data.id}`, { headers })).status()).toBe(200);
  expect((await request.get(`/v2/webhooks/${data.id}`, { headers })).status()).toBe(404);
});

test("bad input is a 400 naming the field, and nothing is stored", async ({ request }) => {
  const { user, headers } = await account();
  const cases: [object, string][] = [
    [hookBody("/bad", { payloadTemplate: '{"name":"{{title}"' }), "body.payloadTemplate"],
    [hookBody("/bad", { payloadTemplate: '{"a":"{{#each x}}"}' }), "body.payloadTemplate"],
    [hookBody("/bad", { triggers: ["BOOKING_EXPLODED"] }), "body.triggers.0"],
    [hookBody("/bad", { triggers: [] }), "body.triggers"],
    [{ ...hookBody("/bad"), subscriberUrl: "http://hooks.example.test/in" }, "body.subscriberUrl"],
    [{ ...hookBody("/bad"), subscriberUrl: "ftp://127.0.0.1/in" }, "body.subscriberUrl"],
    [{ triggers: ["BOOKING_CREATED"], active: true }, "body.subscriberUrl"],
  ];
  for (const [data, path] of cases) {
    const response = await request.post("/v2/webhooks", { headers, data });
    const body = await response.json();
    expect(response.status(), JSON.stringify(body)).toBe(400);
    expect(body.error.details.map((detail: { path: string }) => detail.path)).toContain(path);
  }
  expect(await db.webhook.count({ where: { userId: user.id } })).toBe(0);
});

test("scopes: account webhooks refuse OAuth tokens; event type webhooks take EVENT_TYPE_READ / _WRITE", async ({ request }) => {
  const { host, eventType } = await makeHostWithEventType();
  const [read, write] = await Promise.all([
    makeOAuthTokens(["EVENT_TYPE_READ"], { userId: host.id }),
    makeOAuthTokens(["EVENT_TYPE_WRITE"], { userId: host.id }),
  ]);
  expect((await request.get("/v2/webhooks", { headers: bearer(write.access_token) })).status()).toBe(403);
  const base = `/v2/event-types/${eventType.id}/webhooks`;
  expect((await request.post(base, { headers: bearer(read.access_token), data: hookBody("/scoped") })).status()).toBe(403);
  const created = await request.post(base, { headers: bearer(write.access_token), data: hookBody("/scoped") });
  expect(created.status()).toBe(201);
  const listed = await (await request.get(base, { headers: bearer(read.access_token) })).json();
  expect(listed.data).toEqual([expect.objectContaining({ id: (await created.json()).data.id, eventTypeId: eventType.id })]);
});

test("tenancy: another user's webhooks are 404 at every level and stay unchanged", async ({ request }) => {
  const owner = await makeHostWithEventType();
  const { headers: strangerHeaders } = await account();
  const ownHeaders = bearer(owner.apiKey);
  const accountHook = (await (await request.post("/v2/webhooks", { headers: ownHeaders, data: hookBody("/mine") })).json()).data;
  const base = `/v2/event-types/${owner.eventType.id}/webhooks`;
  const typeHook = (await (await request.post(base, { headers: ownHeaders, data: hookBody("/mine") })).json()).data;

  for (const [method, url] of [
    ["GET", `/v2/webhooks/${accountHook.id}`],
    ["PATCH", `/v2/webhooks/${accountHook.id}`],
    ["DELETE", `/v2/webhooks/${accountHook.id}`],
    ["GET", `/v2/webhooks/${accountHook.id}/deliveries`],
    ["POST", `/v2/webhooks/${accountHook.id}/test`],
    ["GET", base],
    ["POST", base],
    ["DELETE", base],
    ["GET", `${base}/${typeHook.id}`],
    ["PATCH", `${base}/${typeHook.id}`],
    ["DELETE", `${base}/${typeHook.id}`],
    // The event type's webhook named through the account routes, and the account's through the event type's.
    ["GET", `/v2/webhooks/${typeHook.id}`],
  ] as const) {
    const data = method === "PATCH" ? { active: false } : method === "POST" && url === base ? hookBody("/theirs") : undefined;
    const response = await request.fetch(url, { method, headers: strangerHeaders, data });
    expect(response.status(), `${method} ${url}: ${await response.text()}`).toBe(404);
  }
  expect((await request.get(`${base}/${accountHook.id}`, { headers: ownHeaders })).status()).toBe(404);
  expect(await db.webhook.findMany({ where: { id: { in: [accountHook.id, typeHook.id] } }, select: { active: true } })).toEqual([
    { active: true },
    { active: true },
  ]);
});

test("send test event: a PING delivered now and verified; redeliver sends it again with the same webhook-id", { tag: "@embedded" }, async ({ request }) => {
  const { headers } = await account();
  const created = (await (await request.post("/v2/webhooks", { headers, data: hookBody("/ping", { secret: "a-secret-of-our-own-choosing" }) })).json()).data;
  expect(created.secret).toBe("a-secret-of-our-own-choosing");
  receiver().expectSecrets("/ping", [created.secret]);
  receiver().script("/ping", [
    { status: 200, body: "pong" },
    { status: 503, body: "busy" },
  ]);

  const tested = await request.post(`/v2/webhooks/${created.id}/test`, { headers });
  expect(tested.status()).toBe(200);
  const attempt = (await tested.json()).data;
  expect(attempt).toMatchObject({ trigger: "PING", attempt: 1, status: 200, response: "pong", messageState: "DELIVERED" });
  const [delivery] = await receiver().waitFor("/ping", 1);
  expect(delivery!.verifiedWith).toEqual([created.secret]);
  expect(delivery!.peerVerifiedWith).toEqual([created.secret]);
  expect(delivery!.headers["webhook-id"]).toBe(attempt.messageId);
  expect(JSON.parse(delivery!.body)).toMatchObject({ triggerEvent: "PING", payload: { title: "Test event from Convene" } });

  const again = await request.post(`/v2/webhooks/${created.id}/messages/${attempt.messageId}/redeliver`, { headers });
  expect((await again.json()).data).toMatchObject({ messageId: attempt.messageId, attempt: 2, status: 503, response: "busy" });
  const both = await receiver().waitFor("/ping", 2);
  expect(both[1]!.headers["webhook-id"]).toBe(attempt.messageId);
  expect(both[1]!.verifiedWith).toEqual([created.secret]);

  const log = (await (await request.get(`/v2/webhooks/${created.id}/deliveries`, { headers })).json()).data;
  expect(log.map((entry: { attempt: number; status: number }) => [entry.attempt, entry.status])).toEqual([
    [2, 503],
    [1, 200],
  ]);
});

test("a secret neither documented construction could verify is a 400 on body.secret when saved, and nothing changes", async ({ request }) => {
  const { user, headers } = await account();
  const refused = async (response: Awaited<ReturnType<typeof request.post>>) => {
    expect(response.status()).toBe(400);
    const body = (await response.json()) as { error: { details: { path: string; message: string }[] } };
    return body.error.details.find((detail) => detail.path === "body.secret")?.message;
  };
  const create = (secret: string) => request.post("/v2/webhooks", { headers, data: hookBody("/refused", { secret }) });
  expect(await refused(await create("clé-secrète-très-longue"))).toContain("printable ASCII");
  expect(await refused(await create("whsec_this-is-not-base64-at-all!"))).toContain("base64");
  expect(await refused(await create(`whsec_${Buffer.alloc(16, 1).toString("base64")}`))).toContain("24 to 64 bytes");
  expect(await db.webhook.count({ where: { userId: user.id } })).toBe(0);

  const created = (await (await create("an-ascii-secret-of-our-own")).json()).data;
  const patched = await request.patch(`/v2/webhooks/${created.id}`, { headers, data: { secret: "ключ-ключ-ключ-ключ" } });
  expect(await refused(patched)).toContain("printable ASCII");
  const row = await db.webhook.findUniqueOrThrow({ where: { id: created.id }, select: { previousSecretEncrypted: true } });
  expect(row.previousSecretEncrypted).toBeNull();
});
