/**
 * /workflows in Chromium: create a reminder workflow on the form kit with a live preview in the chosen zone, a refused
 * value said on its field, a test send that reaches the author's own mailbox, edit and delete; axe finds nothing
 * serious at 1280 and 390 px, light and dark.
 */
import { makeHostWithEventType } from "../../prisma/scheduling-factories";
import { db, disconnectDb } from "../../server/db/client";
import { seriousAxeViolations } from "../support/axe-serious";
import { expect, test } from "../support/fixtures";
import { sentMailsTo } from "../support/sent-mail";
import { logInAt } from "../support/site";

test.afterAll(() => disconnectDb());

test("create a workflow with a live preview, send a test, edit it and delete it", async ({ page }) => {
  const { host, eventType } = await makeHostWithEventType();
  await logInAt(page, "/workflows", host.email);
  await expect(page.getByRole("heading", { level: 1, name: "Workflows" })).toBeVisible();
  await expect(page.getByText("You have no workflows yet.")).toBeVisible();

  const form = page.getByRole("form", { name: "New workflow" });
  await form.getByRole("button", { name: "Create workflow" }).click();
  await expect(form.getByText("Give the workflow a name")).toBeVisible();
  expect(await db.workflow.count({ where: { userId: host.id } })).toBe(0);

  await form.getByLabel("Name").fill("Day-before reminder");
  await form.getByLabel("How long").fill("24");
  await form.getByLabel(eventType.title).check();
  await form.getByLabel("Subject").fill("Tomorrow: {EVENT_NAME}");
  await form.getByLabel("Message (HTML allowed)").fill("<p>Hi {ATTENDEE}, see you at {EVENT_TIME} ({TIMEZONE}).</p>");
  await form.getByRole("button", { name: /Preview in time zone/ }).click();
  await page.getByRole("option", { name: "Asia/Tokyo" }).click();
  await expect(form.getByTestId("preview-body")).toHaveText("Hi Ada Lovelace, see you at 10:00 (Asia/Tokyo).");
  await expect(form.getByTestId("preview-subject")).toContainText(`Tomorrow: 30 min meeting between ${host.name} and Ada Lovelace`);

  await form.getByRole("button", { name: "Send me a test" }).click();
  await expect(form.getByText(`Test sent to ${host.email}.`)).toBeVisible();
  await expect
    .poll(() => sentMailsTo(host.email).then((mails) => mails.map(({ subject }) => subject)), { timeout: 20_000 })
    .toContain(`Test: Tomorrow: 30 min meeting between ${host.name} and Ada Lovelace`);

  await form.getByRole("button", { name: "Create workflow" }).click();
  const card = page.getByRole("listitem", { name: "Workflow Day-before reminder" });
  await expect(card.getByText("24 hour(s) before the booking: email attendee")).toBeVisible();
  const stored = await db.workflow.findFirstOrThrow({ where: { userId: host.id }, include: { eventTypes: true, steps: true } });
  expect(stored).toMatchObject({ trigger: "beforeEvent", offsetValue: 24, offsetUnit: "hour", activeOnAll: false });
  expect(stored.eventTypes.map(({ eventTypeId }) => eventTypeId)).toEqual([eventType.id]);

  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await seriousAxeViolations(page), `${scheme} at ${width} px`).toEqual([]);
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1280, height: 900 });

  await card.getByRole("button", { name: "Edit" }).click();
  await card.getByLabel("How long").fill("2");
  await card.getByRole("button", { name: "Save changes" }).click();
  await expect(card.getByText("2 hour(s) before the booking: email attendee")).toBeVisible();
  expect((await db.workflowStep.findMany({ where: { workflowId: stored.id } })).map(({ id }) => id)).toEqual(stored.steps.map(({ id }) => id));

  await card.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("You have no workflows yet.")).toBeVisible();
  expect(await db.workflow.count({ where: { userId: host.id } })).toBe(0);
});
