/**
 * Recurring event types in Chromium (issue 38): the host makes an event type weekly in the editor's Recurring section;
 * a visitor sees "every week for 3 occurrences" with each date, books the series in one go, and lands on the first
 * occurrence's page; a series whose later occurrence is taken is refused naming it, and nothing is booked.
 */
import type { Page } from "@playwright/test";
import { attendee, makeHostWithEventType, utcAt } from "../../prisma/scheduling-factories";
import { db, disconnectDb } from "../../server/db/client";
import { expect, test } from "../support/fixtures";
import { choose, logInAt, toastWith } from "../support/site";

test.afterAll(() => disconnectDb());
test.use({ timezoneId: "UTC", locale: "en-US" });

const WEEK_MS = 7 * 86_400_000;
const slotButton = (page: Page, start: Date) => page.locator(`button:has(time[datetime="${start.toISOString()}"])`);

async function makeWeekly(page: Page) {
  const seeded = await makeHostWithEventType();
  await logInAt(page, `/event-types/${seeded.eventType.id}`, seeded.host.email);
  await page.getByRole("tab", { name: "Recurring" }).click();
  await choose(page, /Repeats/, "Weekly");
  await page.getByLabel("Occurrences at most").fill("3");
  await expect(page.getByText("Booked as every week for 3 occurrences.")).toBeVisible();
  await page.getByRole("button", { name: "Save recurring" }).click();
  await expect(toastWith(page, "Event type saved").last()).toBeVisible();
  await expect
    .poll(async () => (await db.eventType.findUniqueOrThrow({ where: { id: seeded.eventType.id } })).recurrence)
    .toEqual({ frequency: "weekly", interval: 1, occurrences: 3 });
  return seeded;
}

async function bookFromPage(page: Page, path: string, start: Date) {
  await page.goto(path);
  await expect(page.getByText("Repeats every week for 3 occurrences: one booking books them all.")).toBeVisible();
  await slotButton(page, start).click();
  await expect(page.getByRole("list", { name: "Occurrences" }).getByRole("listitem")).toHaveCount(3);
  const visitor = attendee("Ada Lovelace");
  await page.getByLabel("Your name").fill(visitor.name);
  await page.getByLabel("E-mail").fill(visitor.email);
  await page.getByRole("button", { name: "Confirm booking" }).click();
}

test("the host makes an event type weekly; a visitor sees every date and books the series in one go", async ({ page, browser }) => {
  const { host, eventType } = await makeWeekly(page);
  const start = utcAt(2, 10);
  const visitor = await browser.newPage({ timezoneId: "UTC", locale: "en-US" });
  await bookFromPage(visitor, `/${host.username}/${eventType.slug}`, start);
  await visitor.waitForURL(/\/booking\/[0-9A-Za-z]{22}\?token=/);
  const bookings = await db.booking.findMany({ where: { eventTypeId: eventType.id }, orderBy: { start: "asc" } });
  expect(bookings.map((booking) => booking.start.toISOString())).toEqual([0, 1, 2].map((week) => new Date(start.getTime() + week * WEEK_MS).toISOString()));
  expect(new Set(bookings.map((booking) => booking.recurringBookingUid)).size).toBe(1);
  expect(bookings[0]!.recurringBookingUid).not.toBeNull();
  expect(visitor.url()).toContain(`/booking/${bookings[0]!.uid}`);
  await visitor.close();

  // The host's Recurring list: every occurrence, each marked as one of a series.
  await page.goto("/bookings/recurring");
  const rows = page.getByRole("listitem").filter({ hasText: "One occurrence of a series" });
  await expect(rows).toHaveCount(3);
  await page.goto(`/event-types/${eventType.id}?section=recurring`);

  // Back to single bookings: the section saves {disabled: true}.
  await page.reload();
  await choose(page, /Repeats/, "Does not repeat");
  await page.getByRole("button", { name: "Save recurring" }).click();
  await expect.poll(async () => (await db.eventType.findUniqueOrThrow({ where: { id: eventType.id } })).recurrence).toBeNull();
});

test("a series whose third occurrence is taken is refused naming it, and nothing is booked", async ({ page }) => {
  const { host, eventType } = await makeWeekly(page);
  const start = utcAt(3, 11);
  const third = new Date(start.getTime() + 2 * WEEK_MS);
  const response = await page.request.post("/v2/bookings", {
    headers: { "svc-api-version": "2024-08-13" },
    data: { eventTypeId: eventType.id, start: third.toISOString(), attendee: attendee("Bo"), recurrenceCount: 1 },
  });
  expect(response.status()).toBe(201);
  await bookFromPage(page, `/${host.username}/${eventType.slug}`, start);
  await expect(page.getByRole("alert").filter({ hasText: "Occurrence 3 of the series" })).toBeVisible();
  expect(await db.booking.count({ where: { eventTypeId: eventType.id } })).toBe(1);
});
