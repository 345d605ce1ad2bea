/**
 * The public listings in Chromium on a phone-sized screen: /{username} shows the host and their visible event types,
 * each leading to its booking page; /team/{teamSlug} the team's; unknown names are a 404 page. axe on each.
 */
import { makeHostWithEventType } from "../../prisma/scheduling-factories";
import { makeTeamEventType } from "../../prisma/team-factories";
import { db, disconnectDb } from "../../server/db/client";
import { fitsWidth, seriousAxeViolations } from "../support/axe-serious";
import { expect, test } from "../support/fixtures";

test.afterAll(() => disconnectDb());
test.use({ viewport: { width: 390, height: 844 } });

test("a host's page lists the visible event types only, and one leads to its booking page", async ({ page }) => {
  const { host, eventType } = await makeHostWithEventType();
  await db.user.update({ where: { id: host.id }, data: { bio: "Product designer. Happy to talk about onboarding flows." } });
  await db.eventType.create({ data: { userId: host.id, title: "Secret chat", slug: "secret-chat", lengthInMinutes: 15, hidden: true } });
  const response = await page.goto(`/${host.username}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: host.name })).toBeVisible();
  await expect(page.getByText("Product designer.")).toBeVisible();
  const list = page.getByRole("list", { name: "Event types" });
  await expect(list.getByRole("link")).toHaveCount(1);
  await expect(page.getByText("Secret chat")).toHaveCount(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
  expect(await fitsWidth(page)).toBe(true);

  await list.getByRole("link", { name: /Intro call/ }).click();
  await page.waitForURL(`**/${host.username}/${eventType.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: "Intro call" })).toBeVisible();
});

test("a team's page lists its visible event types, each leading to the team's booking page", async ({ page }) => {
  const { team, eventType } = await makeTeamEventType({ hosts: 1, schedulingType: "COLLECTIVE" });
  await page.goto(`/team/${team.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: team.name })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  expect(await fitsWidth(page)).toBe(true);
  await page.getByRole("link", { name: /Team call/ }).click();
  await page.waitForURL(`**/team/${team.slug}/${eventType.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: "Team call" })).toBeVisible();
});

test("an unknown username or team is a 404 page, not an error", async ({ page }) => {
  for (const path of ["/no-such-user-anywhere", "/team/no-such-team-anywhere"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "This page does not exist" })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
  }
});
