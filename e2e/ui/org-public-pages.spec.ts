/**
 * An organization's public pages in Chromium on a phone-sized screen: a visitor opens /org/{orgSlug}, follows a
 * team's round-robin event type to its booking page (the team booking page's components and slot engine), books a
 * slot and lands on /booking/{uid}; hidden types are left out; unknown organizations and teams are the 404 page.
 */
import type { Page } from "@playwright/test";
import { attendee, utcAt } from "../../prisma/scheduling-factories";
import { db, disconnectDb } from "../../server/db/client";
import { fitsWidth, seriousAxeViolations } from "../support/axe-serious";
import { expect, test } from "../support/fixtures";
import { makePublicOrganization } from "../support/org-public-world";

test.afterAll(() => disconnectDb());
test.use({ viewport: { width: 390, height: 844 }, timezoneId: "Europe/Paris", locale: "en-US" });

const slotButton = (page: Page, start: Date) => page.locator(`button:has(time[datetime="${start.toISOString()}"])`);

async function expectAccessibleAtPhoneWidth(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([]);
  expect(await fitsWidth(page)).toBe(true);
}

test("a visitor goes from the organization's page to a team's round-robin event type and books it", async ({ page }) => {
  const { org, team, hosts, eventType } = await makePublicOrganization({ teamSlug: "sales" });
  const response = await page.goto(`/org/${org.slug}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: org.name })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: team.name })).toBeVisible();
  const list = page.getByRole("list", { name: `Event types of ${team.name}` });
  await expect(list.getByRole("link")).toHaveCount(1);
  await expect(page.getByText("Internal sync")).toHaveCount(0);
  await expectAccessibleAtPhoneWidth(page);

  // The team's own page, one level down, lists the same visible type.
  await page.getByRole("link", { name: team.name }).click();
  await page.waitForURL(`**/org/${org.slug}/team/sales`);
  await expect(page.getByRole("heading", { level: 1, name: team.name })).toBeVisible();
  await expect(page.getByRole("link", { name: org.name })).toBeVisible();
  await expect(page.getByText("Internal sync")).toHaveCount(0);
  await expectAccessibleAtPhoneWidth(page);

  await page
    .getByRole("list", { name: "Event types" })
    .getByRole("link", { name: /Product demo/ })
    .click();
  await page.waitForURL(`**/org/${org.slug}/team/sales/demo`);
  await expect(page.getByRole("heading", { level: 1, name: "Product demo" })).toBeVisible();
  await expect(page.getByText(team.name, { exact: true })).toBeVisible();
  const start = utcAt(2, 10);
  await expect(slotButton(page, start)).toBeVisible();
  await expectAccessibleAtPhoneWidth(page);

  await slotButton(page, start).click();
  const visitor = attendee("Ada Lovelace");
  await page.getByLabel("Your name").fill(visitor.name);
  await page.getByLabel("E-mail").fill(visitor.email);
  await page.getByRole("button", { name: "Confirm booking" }).click();
  await page.waitForURL(/\/booking\/[0-9A-Za-z]{22}\?token=cnv_bm_/);
  await expect(page.getByRole("heading", { name: "This meeting is scheduled" })).toBeVisible();

  const booking = await db.booking.findFirstOrThrow({ where: { eventTypeId: eventType.id }, include: { hosts: true } });
  expect(page.url()).toContain(`/booking/${booking.uid}`);
  expect(booking.start.toISOString()).toBe(start.toISOString());
  expect(hosts.map((host) => host.id)).toContain(booking.hosts[0]!.userId);
});

test("unknown organizations, teams and event types, and a hidden one, are the 404 page", async ({ page }) => {
  const { org } = await makePublicOrganization({ teamSlug: "sales" });
  for (const path of [
    "/org/no-such-org-anywhere",
    `/org/${org.slug}/team/no-such-team`,
    `/org/${org.slug}/team/sales/internal`,
    `/org/${org.slug}/team/sales/nope`,
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
  }
});
