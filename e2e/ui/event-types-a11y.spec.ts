/**
 * Event types with the keyboard alone (create, then edit the length and the confirmation setting), and axe on the
 * list and every editor section in the light and the dark theme at 390 and 1440 px. The screenshots a reviewer
 * reads without running anything are written to docs/screenshots (README "Screenshots").
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { makeHostWithEventType } from "../../prisma/scheduling-factories";
import { db, disconnectDb } from "../../server/db/client";
import { fitsWidth, seriousAxeViolations } from "../support/axe-serious";
import { expect, test } from "../support/fixtures";
import { logInAt, toastWith } from "../support/site";

test.afterAll(() => disconnectDb());
test.use({ timezoneId: "UTC", locale: "en-US" });

const SCREENSHOTS = path.join(import.meta.dirname, "../../docs/screenshots");

/** Presses Tab until `target` has the focus, as a keyboard user would (fails after `max` presses). */
async function tabTo(page: Page, target: Locator, { max = 80, key = "Tab" } = {}) {
  for (let presses = 0; presses < max; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`Tab never reached ${target}`);
}

test("create an event type and edit its length and confirmation with the keyboard only", async ({ page }) => {
  const { host } = await makeHostWithEventType();
  await logInAt(page, "/event-types", host.email);
  await expect(page.getByRole("list", { name: "Your event types" })).toBeVisible();

  await tabTo(page, page.getByRole("button", { name: "New event type in Your event types" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "New event type" })).toBeVisible();
  await tabTo(page, page.getByLabel("Title"), { max: 5 });
  await page.keyboard.type("Keyboard call");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("URL slug")).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type("20");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Keyboard call" })).toBeVisible();

  await tabTo(page, page.getByLabel("Length (minutes)"));
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type("25");
  await tabTo(page, page.getByRole("button", { name: "Save basics" }));
  await page.keyboard.press("Enter");
  await expect(toastWith(page, "Event type saved")).toBeVisible();

  await tabTo(page, page.getByRole("tab", { name: "Basics" }), { key: "Shift+Tab" });
  // The arrow keys walk the tabs in order (however many sections come before Advanced) and select each one they reach.
  const advanced = page.getByRole("tab", { name: "Advanced" });
  for (let step = 0; step < 10 && (await advanced.getAttribute("aria-selected")) !== "true"; step += 1) await page.keyboard.press("ArrowRight");
  await expect(advanced).toHaveAttribute("aria-selected", "true");
  await expect(advanced).toBeFocused();
  await tabTo(page, page.getByRole("switch", { name: "Requires confirmation" }));
  await page.keyboard.press("Space");
  await tabTo(page, page.getByRole("button", { name: "Save advanced settings" }));
  await page.keyboard.press("Enter");
  // The basics' toast may still be showing: the stored row, not the toast, says the second save landed.
  await expect
    .poll(async () => {
      const stored = await db.eventType.findFirstOrThrow({ where: { userId: host.id, slug: "keyboard-call" } });
      return { length: stored.lengthInMinutes, requiresConfirmation: stored.requiresConfirmation };
    })
    .toEqual({ length: 25, requiresConfirmation: true });
});

const PERSONAL_SECTIONS = ["basics", "availability", "limits", "recurring", "advanced", "seats", "private-links", "webhooks"] as const;

for (const theme of ["light", "dark"] as const) {
  test(`the list and every editor section pass axe in the ${theme} theme at 390 and 1440 px`, async ({ page }) => {
    test.setTimeout(300_000);
    const { host, eventType } = await makeHostWithEventType({
      eventType: { requiresConfirmation: true, locations: [{ type: "address", address: "1 Main St", public: true }] },
    });
    const team = await db.team.create({ data: { name: "Crew", slug: `crew-${host.id}` } });
    await db.membership.create({ data: { teamId: team.id, userId: host.id, role: "OWNER", accepted: true } });
    const teamType = await db.eventType.create({
      data: { teamId: team.id, title: "Team sync", slug: "team-sync", lengthInMinutes: 30, schedulingType: "ROUND_ROBIN" },
    });
    await db.eventTypeHost.create({ data: { eventTypeId: teamType.id, userId: host.id, priority: 2 } });
    await page.emulateMedia({ colorScheme: theme });
    await logInAt(page, "/event-types", host.email);
    mkdirSync(SCREENSHOTS, { recursive: true });

    const pages = [
      { path: "/event-types", heading: "Event types", ready: page.getByRole("list", { name: "Your event types" }), shot: "event-types-list" },
      ...PERSONAL_SECTIONS.map((section) => ({
        path: `/event-types/${eventType.id}?section=${section}`,
        heading: "Intro call",
        ready: page.getByRole("tabpanel"),
        shot: `event-type-${section}`,
      })),
      { path: `/event-types/${teamType.id}?section=hosts`, heading: "Team sync", ready: page.getByRole("tabpanel"), shot: "event-type-hosts" },
    ];
    for (const width of [390, 1440] as const) {
      await page.setViewportSize({ width, height: 900 });
      for (const entry of pages) {
        await page.goto(entry.path);
        await expect(page.getByRole("heading", { level: 1, name: entry.heading })).toBeVisible();
        await expect(entry.ready).toBeVisible();
        await page.waitForLoadState("networkidle");
        expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(theme === "dark");
        expect(await seriousAxeViolations(page), `${entry.path} at ${width} px, ${theme}`).toEqual([]);
        expect(await fitsWidth(page), `${entry.path} fits ${width} px`).toBe(true);
        // Every section in the light theme; the list and the first section in the dark one too.
        if (theme === "light" || entry === pages[0] || entry === pages[1]) {
          await page.screenshot({ path: path.join(SCREENSHOTS, `${entry.shot}-${theme}-${width}.png`), fullPage: width === 390 });
        }
      }
    }
  });
}
