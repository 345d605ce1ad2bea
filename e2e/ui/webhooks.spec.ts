/**
 * /settings/developer/webhooks in Chromium: create (the secret shown once), a refused template, send a test
 * event that a real receiver verifies with `standardwebhooks`, see the delivery and redeliver it, edit, pause and
 * resume, delete.
 */
import type { Page } from "@playwright/test";
import { DEFAULT_PASSWORD, makeUser } from "../../prisma/factories";
import { db, disconnectDb } from "../../server/db/client";
import { expect, test } from "../support/fixtures";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

const PAGE = "/settings/developer/webhooks";
let receiver: WebhookReceiver;
test.beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
test.afterAll(async () => {
  await receiver.stop();
  await disconnectDb();
});

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

  await page.getByLabel("Subscriber URL").fill(receiver.url(path));
  await page.getByLabel("Payload template (optional)").fill('{"name":"{{title}}"');
  await page.getByRole("button", { name: "Create webhook" }).click();
  await expect(page.getByText("payloadTemplate is not valid JSON")).toBeVisible();
  expect(await db.webhook.count({ where: { userId: user.id } })).toBe(0);

  await page.getByLabel("Payload template (optional)").fill('{"what":"{{triggerEvent}}","title":"{{title}}"}');
  await page.getByRole("button", { name: "Create webhook" }).click();
  const secret = await page.getByLabel("Signing secret").inputValue();
  expect(secret).toMatch(/^whsec_/);
  receiver.expectSecrets(path, [secret]);
  await page.getByRole("button", { name: "I have saved it" }).click();
  await expect(page.getByLabel("Signing secret")).toHaveCount(0);

  const card = page.getByRole("listitem", { name: `Webhook ${receiver.url(path)}` });
  await expect(card.getByTestId("webhook-state")).toHaveText("Active");
  receiver.script(path, [
    { status: 200, body: "got it" },
    { status: 200, body: "again" },
  ]);
  await card.getByRole("button", { name: "Send test event" }).click();
  await expect(card.getByText("Test event: answered 200")).toBeVisible();
  const [delivery] = await receiver.waitFor(path, 1);
  expect(delivery!.verifiedWith).toEqual([secret]);
  expect(JSON.parse(delivery!.body)).toEqual({ what: "PING", title: "Test event from Convene" });
  await expect(card.getByTestId("delivery-row")).toHaveCount(1);
  await expect(card.getByTestId("delivery-row").first()).toContainText("got it");

  await card.getByRole("button", { name: "Redeliver" }).click();
  await expect(card.getByTestId("delivery-row")).toHaveCount(2);
  const both = await receiver.waitFor(path, 2);
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
