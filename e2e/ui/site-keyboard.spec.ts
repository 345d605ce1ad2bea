/** Forms of the site driven by the keyboard alone: log in, change general settings and a schedule, without the mouse. */
import type { Locator, Page } from "@playwright/test";
import { makeHostWithEventType } from "../../prisma/scheduling-factories";
import { db, disconnectDb } from "../../server/db/client";
import { expect, test } from "../support/fixtures";

test.afterAll(() => disconnectDb());
test.use({ timezoneId: "UTC", locale: "en-US" });

/** Presses Tab until `target` has the focus, as a keyboard user would (fails after `max` presses). */
async function tabTo(page: Page, target: Locator, max = 60) {
  for (let presses = 0; presses < max; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target}`);
}

test("log in, set the week start and time format, and turn Sunday on in the schedule, by keyboard only", async ({ page }) => {
  const { host, schedule } = await makeHostWithEventType();
  await db.availability.updateMany({ where: { scheduleId: schedule.id }, data: { days: [1, 2, 3, 4, 5] } });

  await page.goto("/settings/general");
  await tabTo(page, page.getByLabel("E-mail"));
  await page.keyboard.type(host.email);
  await page.keyboard.press("Tab");
  await page.keyboard.type(host.password);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "General" })).toBeVisible();

  await tabTo(page, page.getByRole("button", { name: /Week starts on/ }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("listbox")).toBeVisible();
  await page.keyboard.press("End");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: /Sunday.*Week starts on/ })).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("listbox")).toBeVisible();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await tabTo(page, page.getByRole("button", { name: "Save settings" }));
  await page.keyboard.press("Enter");
  await expect(page.getByText("Settings saved")).toBeVisible();
  expect(await db.user.findUniqueOrThrow({ where: { id: host.id }, select: { weekStart: true, timeFormat: true } })).toEqual({
    weekStart: "Sunday",
    timeFormat: 12,
  });

  await page.goto(`/availability/${schedule.id}`);
  await tabTo(page, page.getByRole("switch", { name: "Sunday" }));
  await page.keyboard.press("Space");
  await expect(page.getByRole("switch", { name: "Sunday" })).toBeChecked();
  await tabTo(page, page.getByRole("button", { name: "Save schedule" }));
  await page.keyboard.press("Enter");
  await expect(page.getByText("Schedule saved")).toBeVisible();
  const days = await db.availability.findMany({ where: { scheduleId: schedule.id, date: null }, select: { days: true } });
  expect(days.flatMap((entry) => entry.days).sort()).toEqual([0, 1, 2, 3, 4, 5]);
});
