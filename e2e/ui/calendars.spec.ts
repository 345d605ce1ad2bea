/**
 * Calendars in the site (/settings/calendars): a CalDAV account on the Radicale server connected with its login (a
 * refused password lands on its field), after which a busy event removes a slot from the public page; an ICS feed
 * connected, its "check for conflicts" switch turned off and on, then disconnected with a confirmation (@embedded: the
 * same on PGlite); axe light and dark at 390 and 1440 px, with screenshots to docs/screenshots.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { makeHostWithEventType, utcAt } from "../../prisma/scheduling-factories";
import { db, disconnectDb } from "../../server/db/client";
import { seriousAxeViolations } from "../support/axe-serious";
import { expect as baseExpect, test } from "../support/fixtures";
import { icsFeed, serveFeeds, type FeedServer } from "../support/ics-feeds";
import { startRadicale, type Radicale } from "../support/radicale";
import { toastWith } from "../support/site";
import { logIn } from "../support/web-session";

test.afterAll(() => disconnectDb());
test.use({ timezoneId: "UTC", locale: "en-US" });
// Whole flows through a production server on a shared 2-core machine: three times the default budget.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

/** Signs the browser's context in through the credentials callback (the log-in form has its own spec), then opens `path`. */
async function openSignedIn(page: Page, path: string, email: string) {
  await logIn(page.request, email);
  await page.goto(path);
}

const SCREENSHOTS = path.join(import.meta.dirname, "../../docs/screenshots");
const slotButton = (page: Page, start: Date) => page.locator(`button:has(time[datetime="${start.toISOString()}"])`);
const busyHour = { start: utcAt(1, 9), end: utcAt(1, 10) };

test.describe("CalDAV on Radicale", () => {
  let radicale: Radicale;
  const password = `pw-${randomBytes(6).toString("hex")}`;
  test.beforeAll(async () => {
    radicale = await startRadicale({ dana: password });
  });
  test.afterAll(() => radicale.stop());

  test("a CalDAV calendar connected from /settings/calendars: its busy event removes a slot from the public page", async ({ page }) => {
    const work = await radicale.makeCalendar("dana", `work-${Date.now()}`, "Work");
    await radicale.putEvent(work, "dana", { uid: "dentist", ...busyHour });
    const { host, eventType } = await makeHostWithEventType();
    const publicPage = `/${host.username}/${eventType.slug}`;
    await page.goto(publicPage);
    await expect(slotButton(page, utcAt(1, 9))).toBeVisible();

    await openSignedIn(page, "/settings/calendars", host.email);
    await expect(page.getByText("No calendar is connected yet.")).toBeVisible();
    const form = page.getByRole("form", { name: "CalDAV or Apple Calendar" });
    await form.getByLabel("Server URL").fill(`${radicale.url}/`);
    await form.getByLabel("Username").fill("dana");
    await form.getByLabel("App password").fill("not-the-password");
    await form.getByRole("button", { name: "Connect CalDAV" }).click();
    await expect(form.getByLabel("App password")).toHaveAttribute("aria-invalid", "true");
    await expect(form).toContainText("rejected the username or password");
    expect(await db.credential.count({ where: { userId: host.id } })).toBe(0);

    await form.getByLabel("App password").fill(password);
    await form.getByRole("button", { name: "Connect CalDAV" }).click();
    await expect(toastWith(page, "CalDAV calendar connected")).toBeVisible();
    const calendars = page.getByRole("list", { name: "Calendars of Apple Calendar" });
    await expect(calendars).toContainText("Work");
    await expect(calendars.getByRole("switch", { name: "Check for conflicts" })).toBeChecked();
    await expect(page.getByRole("button", { name: "Add new bookings to" })).toContainText("Work (Apple Calendar)");

    await page.goto(publicPage);
    await expect(slotButton(page, utcAt(1, 10))).toBeVisible();
    await expect(slotButton(page, utcAt(1, 9))).toHaveCount(0);
    await expect(slotButton(page, utcAt(1, 9, 30))).toHaveCount(0);
  });
});

test.describe("ICS feeds", () => {
  let feeds: FeedServer;
  test.beforeAll(async () => {
    feeds = await serveFeeds();
  });
  test.afterAll(() => feeds.stop());

  test("an ICS feed is connected, unchecked and checked for conflicts, then disconnected with a confirmation @embedded", async ({ page }) => {
    const feedPath = `/busy-${randomBytes(4).toString("hex")}.ics`;
    feeds.feeds.set(feedPath, icsFeed({ uid: "standup", ...busyHour }));
    const { host, eventType } = await makeHostWithEventType();
    const publicPage = `/${host.username}/${eventType.slug}`;

    await openSignedIn(page, "/settings/calendars", host.email);
    const form = page.getByRole("form", { name: "ICS feed" });
    await form.getByLabel("ICS feed URL").fill(`${feeds.base}/missing.ics`);
    await form.getByRole("button", { name: "Connect feed" }).click();
    await expect(form.getByLabel("ICS feed URL")).toHaveAttribute("aria-invalid", "true");
    expect(await db.credential.count({ where: { userId: host.id } })).toBe(0);

    await form.getByLabel("ICS feed URL").fill(`${feeds.base}${feedPath}`);
    await form.getByRole("button", { name: "Connect feed" }).click();
    await expect(toastWith(page, "ICS feed connected")).toBeVisible();
    const conflicts = page.getByRole("list", { name: "Calendars of ICS Feed" }).getByRole("switch", { name: "Check for conflicts" });
    await expect(conflicts).toBeChecked();

    await page.goto(publicPage);
    await expect(slotButton(page, utcAt(1, 10))).toBeVisible();
    await expect(slotButton(page, utcAt(1, 9))).toHaveCount(0);

    await page.goto("/settings/calendars");
    // React Aria's switch: its visual track covers the hidden input, so the label is what a pointer clicks.
    await page.getByRole("list", { name: "Calendars of ICS Feed" }).getByText("Check for conflicts").click();
    await expect(toastWith(page, "No longer checked for conflicts")).toBeVisible();
    await expect(conflicts).not.toBeChecked();
    expect(await db.selectedCalendar.count({ where: { userId: host.id } })).toBe(0);
    await page.goto(publicPage);
    await expect(slotButton(page, utcAt(1, 9))).toBeVisible();

    await page.goto("/settings/calendars");
    await page.getByRole("button", { name: /^Disconnect ICS Feed/ }).click();
    await page.getByRole("dialog", { name: "Disconnect ICS Feed?" }).getByRole("button", { name: "Disconnect" }).click();
    await expect(toastWith(page, "ICS Feed disconnected")).toBeVisible();
    await expect(page.getByText("No calendar is connected yet.")).toBeVisible();
    expect(await db.credential.count({ where: { userId: host.id } })).toBe(0);
  });

  for (const theme of ["light", "dark"] as const) {
    test(`/settings/calendars passes axe in the ${theme} theme at 390 and 1440 px`, async ({ page }) => {
      test.setTimeout(240_000);
      const feedPath = `/team-${randomBytes(4).toString("hex")}.ics`;
      feeds.feeds.set(feedPath, icsFeed({ uid: "offsite", ...busyHour }));
      const { host } = await makeHostWithEventType();
      await page.emulateMedia({ colorScheme: theme });
      await openSignedIn(page, "/settings/calendars", host.email);
      await page.getByLabel("ICS feed URL").fill(`${feeds.base}${feedPath}`);
      await page.getByRole("button", { name: "Connect feed" }).click();
      await expect(page.getByRole("list", { name: "Calendars of ICS Feed" })).toBeVisible();
      mkdirSync(SCREENSHOTS, { recursive: true });
      for (const width of [390, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto("/settings/calendars");
        // On a phone the settings pages sit behind a disclosure naming the current one.
        if (width < 768) await expect(page.locator("summary", { hasText: "Settings: Calendars" })).toBeVisible();
        else await expect(page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Calendars" })).toHaveAttribute("aria-current", "page");
        await expect(page.getByRole("list", { name: "Calendars of ICS Feed" })).toBeVisible();
        await page.waitForLoadState("networkidle");
        expect(await seriousAxeViolations(page), `/settings/calendars at ${width} px, ${theme}`).toEqual([]);
        await page.screenshot({ path: path.join(SCREENSHOTS, `settings-calendars-${theme}-${width}.png`), fullPage: width === 390 });
      }
    });
  }
});
