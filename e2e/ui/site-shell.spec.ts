/**
 * The signed-in site as a whole: every page the menus reach answers a page of its own inside the shell, and axe finds
 * no serious or critical violation on any of them, in the light and the dark theme, at 390 and 1440 px. The
 * screenshots a reviewer reads without running anything are written here, to docs/screenshots (README "Screenshots").
 * Plus the theme: it follows the system setting until the toggle picks one, which the next page keeps.
 */
import AxeBuilder from "@axe-core/playwright";
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { makeHostWithEventType } from "../../prisma/scheduling-factories";
import { disconnectDb } from "../../server/db/client";
import { expect, test } from "../support/fixtures";
import { logInAt } from "../support/site";

test.afterAll(() => disconnectDb());
test.use({ timezoneId: "UTC", locale: "en-US" });

const SCREENSHOTS = path.join(import.meta.dirname, "../../docs/screenshots");
const WIDTHS = [390, 1440] as const;
const THEMES = ["light", "dark"] as const;

/** Each page of the shell, with its heading; `shot` names the screenshot of a section. */
const PAGES = (scheduleId: number) => [
  { path: "/", heading: "Welcome" },
  { path: "/event-types", heading: "Event types", shot: "event-types" },
  { path: "/bookings", heading: "Bookings", shot: "bookings" },
  { path: "/availability", heading: "Availability", shot: "availability" },
  { path: `/availability/${scheduleId}`, heading: "Working hours", shot: "availability-editor" },
  { path: "/workflows", heading: "Workflows" },
  { path: "/settings/profile", heading: "Profile", shot: "settings-profile" },
  { path: "/settings/general", heading: "General", shot: "settings-general" },
  { path: "/settings/security", heading: "Security", shot: "settings-security" },
  { path: "/settings/calendars", heading: "Calendars" },
  { path: "/settings/conferencing", heading: "Conferencing" },
  { path: "/settings/teams", heading: "Teams" },
  { path: "/settings/my-apps", heading: "Authorized apps" },
  { path: "/settings/developer/api-keys", heading: "API keys", shot: "settings-developer" },
  { path: "/settings/developer/oauth", heading: "OAuth clients" },
  { path: "/settings/developer/webhooks", heading: "Webhooks" },
];

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => `${node.html.slice(0, 160)} ${node.failureSummary ?? ""}`).join(" | ")}`);
}

for (const theme of THEMES) {
  test(`every page of the shell passes axe in the ${theme} theme at 390 and 1440 px`, async ({ page }) => {
    test.setTimeout(240_000);
    const { host, schedule } = await makeHostWithEventType();
    await page.emulateMedia({ colorScheme: theme });
    await logInAt(page, "/availability", host.email);
    mkdirSync(SCREENSHOTS, { recursive: true });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      for (const entry of PAGES(schedule.id)) {
        await page.goto(entry.path);
        await expect(page.getByRole("heading", { level: 1, name: entry.heading })).toBeVisible();
        await expect(page.getByRole("navigation", { name: "Primary" })).toBeVisible();
        await page.waitForLoadState("networkidle");
        expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(theme === "dark");
        expect(await seriousViolations(page), `${entry.path} at ${width} px, ${theme}`).toEqual([]);
        if (entry.shot && (theme === "light" || entry.shot === "availability-editor")) {
          await page.screenshot({ path: path.join(SCREENSHOTS, `${entry.shot}-${theme}-${width}.png`), fullPage: width === 390 });
        }
      }
    }
  });
}

test("the menus' paths answer pages of their own, and /settings/developer is not a booking page", async ({ page }) => {
  const { host } = await makeHostWithEventType();
  await logInAt(page, "/settings/developer", host.email, { landing: "/settings/developer/api-keys" });
  await expect(page.getByText("This booking page does not exist")).toHaveCount(0);
  const primary = page.getByRole("navigation", { name: "Primary" });
  for (const [name, heading] of [
    ["Event types", "Event types"],
    ["Bookings", "Bookings"],
    ["Availability", "Availability"],
    ["Workflows", "Workflows"],
    ["Teams", "Teams"],
    ["Settings", "Profile"],
  ] as const) {
    await primary.getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(primary.getByRole("link", { name })).toHaveAttribute("aria-current", "page");
  }
  await page.getByRole("button", { name: /Account menu/ }).click();
  await page.getByRole("menuitem", { name: "Your public page" }).click();
  await expect(page).toHaveURL(`/${host.username}`);
  await expect(page.getByRole("link", { name: /Intro call/ })).toBeVisible();
});

test("the theme follows the system until the toggle picks one, and the choice holds on the next page", async ({ page }) => {
  const { host } = await makeHostWithEventType();
  await page.emulateMedia({ colorScheme: "dark" });
  await logInAt(page, "/availability", host.email);
  const isDark = () => page.evaluate(() => document.documentElement.classList.contains("dark"));
  expect(await isDark()).toBe(true);
  await page.emulateMedia({ colorScheme: "light" });
  await expect.poll(isDark).toBe(false);

  await page.getByRole("button", { name: "Theme: System" }).click();
  await page.getByRole("menuitemradio", { name: "Dark" }).click();
  expect(await isDark()).toBe(true);
  await page.goto("/settings/profile");
  expect(await isDark()).toBe(true);
  await expect(page.getByRole("button", { name: "Theme: Dark" })).toBeVisible();
});
