/**
 * /settings/developer/webhooks in Chromium: create (the secret shown once), a refused template, send a test
 * event that a real receiver verifies with `standardwebhooks`, see the delivery and redeliver it, edit, pause and
 * resume, delete; and the webhooks of the user's event types and of the team event types they manage, grouped.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { DEFAULT_PASSWORD, makeApiKey, makeUser } from "../../prisma/factories";
import { addMember, makeTeam } from "../../prisma/team-factories";
import { db } from "../../server/db/client";
import { expect, test } from "../support/fixtures";
import { webhookReceiverForFile } from "../support/webhook-receiver";

const PAGE = "/settings/developer/webhooks";
const receiver = webhookReceiverForFile();

async function logIn(page: Page, email: string) {
  await page.goto(`/auth/login?callbackUrl=${encodeURIComponent(PAGE)}`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(DEFAULT_PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();
}

test("create a webhook, send a test event, redeliver it, edit, pause, resume and delete", async ({ page }) => {
  const user = await makeUser();
  await logIn(page, user.email);
  const path = `/ui-${user.id}`;

  await page.getByLabel("Subscriber URL").fill(receiver().url(path));
  await page.getByLabel("Payload template (optional)").fill('{"name":"{{title}}"');
  await page.getByRole("button", { name: "Create webhook" }).click();
  await expect(page.getByText("payloadTemplate is not valid JSON")).toBeVisible();
  expect(await db.webhook.count({ where: { userId: user.id } })).toBe(0);

  await page.getByLabel("Payload template (optional)").fill('{"what":"{{triggerEvent}}","title":"{{title}}"}');
  await page.getByRole("button", { name: "Create webhook" }).click();
  const secret = await page.getByLabel("Signing secret").inputValue();
  expect(secret).toMatch(/^whsec_/);
  receiver().expectSecrets(path, [secret]);
  await page.getByRole("button", { name: "I have saved it" }).click();
  await expect(page.getByLabel("Signing secret")).toHaveCount(0);

  const card = page.getByRole("listitem", { name: `Webhook ${receiver().url(path)}` });
  await expect(card.getByTestId("webhook-state")).toHaveText("Active");
  receiver().script(path, [
    { status: 200, body: "got it" },
    { status: 200, body: "again" },
  ]);
  await card.getByRole("button", { name: "Send test event" }).click();
  await expect(card.getByText("Test event: answered 200")).toBeVisible();
  const [delivery] = await receiver().waitFor(path, 1);
  expect(delivery!.verifiedWith).toEqual([secret]);
  expect(JSON.parse(delivery!.body)).toEqual({ what: "PING", title: "Test event from Convene" });
  await expect(card.getByTestId("delivery-row")).toHaveCount(1);
  await expect(card.getByTestId("delivery-row").first()).toContainText("got it");

  await card.getByRole("button", { name: "Redeliver" }).click();
  await expect(card.getByTestId("delivery-row")).toHaveCount(2);
  const both = await receiver().waitFor(path, 2);
  expect(both[1]!.headers["webhook-id"]).toBe(both[0]!.headers["webhook-id"]);
  expect(both[1]!.verifiedWith).toEqual([secret]);

  await card.getByRole("button", { name: "Edit" }).click();
  await card.getByLabel("BOOKING_CANCELLED").check();
  await card.getByRole("button", { name: "Save changes" }).click();
  await expect(card.getByText("BOOKING_CREATED, BOOKING_CANCELLED")).toBeVisible();

  await card.getByRole("button", { name: "Pause" }).click();
  await expect(card.getByTestId("webhook-state")).toHaveText("Paused");
  expect(await db.webhook.findFirstOrThrow({ where: { userId: user.id } })).toMatchObject({
    active: false,
    triggers: ["BOOKING_CREATED", "BOOKING_CANCELLED"],
  });
  await card.getByRole("button", { name: "Resume" }).click();
  await expect(card.getByTestId("webhook-state")).toHaveText("Active");

  await card.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("You have no webhooks yet.")).toBeVisible();
  expect(await db.webhook.count({ where: { userId: user.id } })).toBe(0);
});

/** A webhook made through the API (its secret sealed by the server), on `base`: an event type's webhooks URL. */
async function apiHook(request: APIRequestContext, apiKey: string, base: string, path: string) {
  const response = await request.post(base, {
    headers: { authorization: `Bearer ${apiKey}` },
    data: { subscriberUrl: receiver().url(path), triggers: ["BOOKING_CREATED"], active: true },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).data as { id: number; secret: string };
}

test("event type and managed team event type webhooks are listed by what they belong to, with deliveries and a working test event", async ({
  page,
  request,
}) => {
  const user = await makeUser();
  const apiKey = await makeApiKey(user.id);
  const eventType = await db.eventType.create({ data: { userId: user.id, title: "Intro call", slug: `intro-${user.id}`, lengthInMinutes: 30 } });
  const [managed, joined] = await Promise.all([makeTeam({ name: `Managed ${user.id}` }), makeTeam({ name: `Joined ${user.id}` })]);
  await Promise.all([addMember(managed.id, user.id, "ADMIN"), addMember(joined.id, user.id, "MEMBER")]);
  const teamType = (team: { id: number }, title: string) =>
    db.eventType.create({ data: { teamId: team.id, title, slug: `${title.toLowerCase()}-${team.id}`, lengthInMinutes: 30 } });
  const [managedType, joinedType] = await Promise.all([teamType(managed, "Demo"), teamType(joined, "Standup")]);

  const typePath = `/ui-event-type-${eventType.id}`;
  const typeHook = await apiHook(request, apiKey, `/v2/event-types/${eventType.id}/webhooks`, typePath);
  await apiHook(request, apiKey, `/v2/teams/${managed.id}/event-types/${managedType.id}/webhooks`, `/ui-managed-${managedType.id}`);
  // A MEMBER may not manage the team's webhooks: made by the team's owner, it must not be listed.
  const joinedOwner = await makeUser();
  await addMember(joined.id, joinedOwner.id, "OWNER");
  await apiHook(request, await makeApiKey(joinedOwner.id), `/v2/teams/${joined.id}/event-types/${joinedType.id}/webhooks`, `/ui-joined-${joinedType.id}`);

  await logIn(page, user.email);
  await expect(page.getByRole("region", { name: "Event type: Intro call" })).toBeVisible();
  await expect(page.getByRole("region", { name: `Team Managed ${user.id}, event type: Demo` })).toBeVisible();
  await expect(page.getByRole("region", { name: "Your account" })).toHaveCount(0);
  await expect(page.getByText(`Joined ${user.id}`)).toHaveCount(0);
  await expect(page.getByText(receiver().url(`/ui-joined-${joinedType.id}`))).toHaveCount(0);

  const card = page.getByRole("region", { name: "Event type: Intro call" }).getByRole("listitem", { name: `Webhook ${receiver().url(typePath)}` });
  receiver().expectSecrets(typePath, [typeHook.secret]);
  receiver().script(typePath, [{ status: 202, body: "accepted" }]);
  await card.getByRole("button", { name: "Send test event" }).click();
  await expect(card.getByText("Test event: answered 202")).toBeVisible();
  const [delivery] = await receiver().waitFor(typePath, 1);
  expect(delivery!.verifiedWith).toEqual([typeHook.secret]);
  expect(JSON.parse(delivery!.body)).toMatchObject({ triggerEvent: "PING" });
  await expect(card.getByTestId("delivery-row")).toHaveCount(1);
  await expect(card.getByTestId("delivery-row").first()).toContainText("accepted");

  await card.getByRole("button", { name: "Redeliver" }).click();
  await expect(card.getByTestId("delivery-row")).toHaveCount(2);
  expect((await receiver().waitFor(typePath, 2))[1]!.headers["webhook-id"]).toBe(delivery!.headers["webhook-id"]);

  await card.getByRole("button", { name: "Pause" }).click();
  await expect(card.getByTestId("webhook-state")).toHaveText("Paused");
  expect(await db.webhook.findUniqueOrThrow({ where: { id: typeHook.id } })).toMatchObject({ active: false, eventTypeId: eventType.id });
});
