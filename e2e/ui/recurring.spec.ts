/**
 * Recurring event types in Chromium (issue 38): the host makes an event type weekly in the editor's Recurring section;
 * a visitor chooses how many occurrences (up to 3, all by default), sees each date of that count, books them in one
 * go, and lands on the first occurrence's page; a count out of range is refused on its field, before sending and by
 * the server; a series whose later occurrence is taken is refused naming it, and nothing is booked. axe on the form.
 */
import type { Page } from "@playwright/test";
import { attendee, makeHostWithEventType, utcAt } from "../../prisma/scheduling-factories";
import { db, disconnectDb } from "../../server/db/client";
import { seriousAxeViolations } from "../support/axe-serious";
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

const occurrenceList = (page: Page) => page.getByRole("list", { name: "Occurrences" }).getByRole("listitem");

async function bookFromPage(page: Page, path: string, start: Date, count?: number) {
  await page.goto(path);
  await expect(page.getByText("Repeats every week for 3 occurrences at most: you choose how many when you book.")).toBeVisible();
  await slotButton(page, start).click();
  // All of them unless the booker asks for fewer, as the peer's booker does.
  await expect(page.getByLabel("Number of occurrences")).toHaveValue("3");
  await expect(occurrenceList(page)).toHaveCount(3);
  if (count !== undefined) {
    await page.getByLabel("Number of occurrences").fill(String(count));
    await expect(page.getByText(`Repeats every week for ${count} ${count === 1 ? "occurrence" : "occurrences"}:`)).toBeVisible();
    await expect(occurrenceList(page)).toHaveCount(count);
  }
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
  await expect(visitor.getByRole("heading", { name: "Occurrence 1 of 3 of a series" })).toBeVisible();
  const bookings = await db.booking.findMany({ where: { eventTypeId: eventType.id }, orderBy: { start: "asc" } });
  expect(bookings.map((booking) => booking.start.toISOString())).toEqual([0, 1, 2].map((week) => new Date(start.getTime() + week * WEEK_MS).toISOString()));
  expect(new Set(bookings.map((booking) => booking.recurringBookingUid)).size).toBe(1);
  expect(bookings[0]!.recurringBookingUid).not.toBeNull();
  expect(visitor.url()).toContain(`/booking/${bookings[0]!.uid}`);
  await visitor.close();

  // The host's Recurring list: every occurrence, each marked as one of a series.
  await page.goto("/bookings/recurring");
  for (const position of [1, 2, 3]) await expect(page.getByRole("listitem").filter({ hasText: `Occurrence ${position} of 3 in a series` })).toHaveCount(1);
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

test("the booker books fewer occurrences than the most; a count out of range is refused on its field, by the page and by the server", async ({ page }) => {
  const { host, eventType } = await makeWeekly(page);
  const start = utcAt(4, 14);
  const visitor = page;
  await visitor.goto(`/${host.username}/${eventType.slug}`);
  await slotButton(visitor, start).click();
  const count = visitor.getByLabel("Number of occurrences");
  await count.fill("4");
  await expect(visitor.getByText("Choose a whole number of occurrences from 1 to 3.")).toBeVisible();
  await expect(occurrenceList(visitor)).toHaveCount(0);
  await visitor.getByLabel("Your name").fill("Ada Lovelace");
  await visitor.getByLabel("E-mail").fill(attendee("Ada").email);
  await visitor.getByRole("button", { name: "Confirm booking" }).click();
  // Refused on the field, in words, with the focus there; nothing was sent.
  await expect(count).toHaveAttribute("aria-invalid", "true");
  await expect(count).toBeFocused();
  expect(await db.booking.count({ where: { eventTypeId: eventType.id } })).toBe(0);
  expect(await seriousAxeViolations(visitor)).toEqual([]);

  // The host lowers the most meanwhile: the server's refusal of the count lands on the same field.
  await count.fill("3");
  await expect(occurrenceList(visitor)).toHaveCount(3);
  await db.eventType.update({ where: { id: eventType.id }, data: { recurrence: { frequency: "weekly", interval: 1, occurrences: 2 } } });
  await visitor.getByRole("button", { name: "Confirm booking" }).click();
  await expect(visitor.getByText("this event type books at most 2 occurrences").first()).toBeVisible();
  await expect(count).toHaveAttribute("aria-invalid", "true");
  expect(await db.booking.count({ where: { eventTypeId: eventType.id } })).toBe(0);

  // Two of them, typed from the keyboard: two bookings of one series.
  await count.fill("");
  await count.pressSequentially("2");
  await expect(occurrenceList(visitor)).toHaveCount(2);
  await count.press("Enter");
  await visitor.waitForURL(/\/booking\/[0-9A-Za-z]{22}\?token=/);
  await expect(visitor.getByRole("heading", { name: "Occurrence 1 of 2 of a series" })).toBeVisible();
  const bookings = await db.booking.findMany({ where: { eventTypeId: eventType.id }, orderBy: { start: "asc" } });
  expect(bookings.map((booking) => booking.start.toISOString())).toEqual([start, new Date(start.getTime() + WEEK_MS)].map((date) => date.toISOString()));
  expect(new Set(bookings.map((booking) => booking.recurringBookingUid)).size).toBe(1);
});
