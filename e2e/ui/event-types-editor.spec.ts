/**
 * The editor's less travelled settings, as their owner uses them: a confirmation notice threshold set in Advanced
 * (restored when the switch goes off and on before saving), a team event type's private link made, opened and revoked, and a
 * duplicate refused on its slug field when the slug is taken.
 */
import type { Locator, Page } from "@playwright/test";
import { makeHostWithEventType, utcAt } from "../../prisma/scheduling-factories";
import { db, disconnectDb } from "../../server/db/client";
import { expect, test } from "../support/fixtures";
import { choose, logInAt, toastWith } from "../support/site";

test.afterAll(() => disconnectDb());
test.use({ timezoneId: "UTC", locale: "en-US" });

/** A React Aria switch: its input is visually hidden inside its label, so it is flipped as a keyboard user would. */
async function flip(switchControl: Locator) {
  await switchControl.focus();
  await switchControl.press("Space");
}

const noticeColumns = async (eventTypeId: number) => {
  const { requiresConfirmation, confirmationNoticeUnit, confirmationNoticeCount } = await db.eventType.findUniqueOrThrow({ where: { id: eventTypeId } });
  return { requiresConfirmation, unit: confirmationNoticeUnit, count: confirmationNoticeCount };
};

async function saveAdvanced(page: Page) {
  await page.getByRole("button", { name: "Save advanced settings" }).click();
  await expect(toastWith(page, "Event type saved").last()).toBeVisible();
}

test("only bookings made at short notice wait: the notice threshold is set, refused when not positive, and kept", async ({ page }) => {
  const { host, eventType } = await makeHostWithEventType();
  await logInAt(page, `/event-types/${eventType.id}`, host.email);
  await page.getByRole("tab", { name: "Advanced" }).click();
  await flip(page.getByRole("switch", { name: "Requires confirmation" }));
  await choose(page, /Which bookings wait/, "Bookings made at short notice");
  const count = page.getByLabel("Notice shorter than");
  await expect(count).toHaveValue("1");
  await count.fill("0");
  await page.getByRole("button", { name: "Save advanced settings" }).click();
  await expect(count).toHaveAttribute("aria-invalid", "true");
  expect((await noticeColumns(eventType.id)).requiresConfirmation).toBe(false);

  await count.fill("2");
  await choose(page, /Notice unit/, "Hours");
  await expect(page.getByText("Only bookings made less than 2 hours ahead wait")).toBeVisible();
  await saveAdvanced(page);
  await expect.poll(() => noticeColumns(eventType.id)).toEqual({ requiresConfirmation: true, unit: "hours", count: 2 });

  await page.reload();
  await expect(page.getByLabel("Notice shorter than")).toHaveValue("2");
  const confirmation = page.getByRole("switch", { name: "Requires confirmation" });
  await flip(confirmation);
  await expect(page.getByLabel("Notice shorter than")).toHaveCount(0);
  await flip(confirmation);
  await expect(page.getByLabel("Notice shorter than")).toHaveValue("2");
  await flip(confirmation);
  await saveAdvanced(page);
  await expect.poll(() => noticeColumns(eventType.id)).toEqual({ requiresConfirmation: false, unit: null, count: null });
  // Once saved off, nothing is stored to restore: switching on again means every booking waits.
  await flip(confirmation);
  await expect(page.getByRole("button", { name: /Which bookings wait/ })).toContainText("Every booking");
  await saveAdvanced(page);
  await expect.poll(() => noticeColumns(eventType.id)).toEqual({ requiresConfirmation: true, unit: null, count: null });
});

test("a team event type's private link is made by its owner, books the hidden team event type, and is revoked", async ({ page }) => {
  const { host: owner } = await makeHostWithEventType();
  const team = await db.team.create({ data: { name: "Crew", slug: `crew-${owner.id}` } });
  await db.membership.create({ data: { teamId: team.id, userId: owner.id, role: "OWNER", accepted: true } });
  const teamType = await db.eventType.create({
    data: { teamId: team.id, title: "Team sync", slug: "team-sync", lengthInMinutes: 30, schedulingType: "ROUND_ROBIN", hidden: true, minimumBookingNotice: 0 },
  });
  await db.eventTypeHost.create({ data: { eventTypeId: teamType.id, userId: owner.id, priority: 2 } });

  await logInAt(page, `/event-types/${teamType.id}`, owner.email);
  await page.getByRole("tab", { name: "Private links" }).click();
  await page.getByLabel("Bookings allowed").fill("3");
  await page.getByRole("button", { name: "Create private link" }).click();
  await expect(toastWith(page, "Private link created")).toBeVisible();
  const link = await db.privateLink.findFirstOrThrow({ where: { eventTypeId: teamType.id } });
  expect(link.maxUsageCount).toBe(3);
  const row = page.getByRole("listitem", { name: `Private link ${link.hash.slice(0, 6)}` });
  await expect(row.getByText("0 of 3 bookings used")).toBeVisible();

  const visitor = await page.context().newPage();
  await visitor.goto(`/d/${link.hash}/team-sync`);
  await expect(visitor.getByRole("heading", { level: 1, name: "Team sync" })).toBeVisible();
  await expect(visitor.locator(`button:has(time[datetime="${utcAt(1, 10).toISOString()}"])`)).toBeVisible();

  await row.getByRole("button", { name: "Revoke" }).click();
  await page.getByRole("dialog", { name: "Revoke this private link?" }).getByRole("button", { name: "Revoke link" }).click();
  await expect(toastWith(page, "Private link revoked")).toBeVisible();
  await expect(page.getByText("No private links yet.")).toBeVisible();
  expect(await db.privateLink.count({ where: { eventTypeId: teamType.id } })).toBe(0);
  await visitor.reload();
  await expect(visitor.getByRole("heading", { name: "This booking page does not exist" })).toBeVisible();
});

test("a duplicate whose slug the user already has is refused on the slug field, and nothing is created", async ({ page }) => {
  const { host, eventType } = await makeHostWithEventType();
  await logInAt(page, "/event-types", host.email);
  const row = page.getByRole("list", { name: "Your event types" }).getByRole("listitem", { name: "Intro call", exact: true });
  await row.getByRole("button", { name: "Duplicate" }).click();
  const dialog = page.getByRole("dialog", { name: "Duplicate “Intro call”" });
  await dialog.getByLabel("URL slug").fill(eventType.slug);
  await dialog.getByRole("button", { name: "Duplicate" }).click();
  await expect(dialog.getByLabel("URL slug")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByText("Slug already in use")).toBeVisible();
  await expect(dialog.getByLabel("URL slug")).toBeFocused();
  await expect(toastWith(page, `You already have an event type with the slug "${eventType.slug}"`)).toBeVisible();
  expect(await db.eventType.count({ where: { userId: host.id } })).toBe(1);

  await dialog.getByLabel("URL slug").fill("intro-call-second");
  await dialog.getByRole("button", { name: "Duplicate" }).click();
  await expect(dialog).toHaveCount(0);
  expect(await db.eventType.count({ where: { userId: host.id, slug: "intro-call-second" } })).toBe(1);
});
