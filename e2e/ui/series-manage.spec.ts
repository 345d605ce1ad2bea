/**
 * A series and a seated booking after they are booked, in Chromium (issue 38): the attendee's page of an occurrence
 * says which of how many it is, lists the series' dates (each a link to that occurrence's own page), and cancels this
 * occurrence or this and every later one; a refused cancel says why on the form and changes nothing. The host's lists
 * mark each occurrence "2 of 3" with the series in the details, and show a seated booking's seats taken and every
 * seat's attendee. axe on each page, on a phone-sized screen and a wide one.
 */
import type { Page } from "@playwright/test";
import { attendee, makeHostWithEventType, utcAt } from "../../prisma/scheduling-factories";
import { db, disconnectDb } from "../../server/db/client";
import { fitsWidth, seriousAxeViolations } from "../support/axe-serious";
import { bookOverHttp, V } from "../support/bookings-http";
import { expect, test } from "../support/fixtures";
import { logInAt } from "../support/site";

test.afterAll(() => disconnectDb());
test.use({ timezoneId: "UTC", locale: "en-US" });

const PHONE = { width: 390, height: 844 };
const slotButton = (page: Page, start: Date) => page.locator(`button:has(time[datetime="${start.toISOString()}"])`);
const seriesList = (page: Page) => page.getByRole("list", { name: "Occurrences of the series" });

async function expectAccessible(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([]);
  expect(await fitsWidth(page)).toBe(true);
}

async function weeklyEventType(occurrences: number) {
  const seeded = await makeHostWithEventType();
  await db.eventType.update({ where: { id: seeded.eventType.id }, data: { recurrence: { frequency: "weekly", interval: 1, occurrences } } });
  return seeded;
}

const statuses = async (eventTypeId: number) =>
  (await db.booking.findMany({ where: { eventTypeId }, orderBy: { start: "asc" }, select: { status: true } })).map(({ status }) => status);

test(
  "the attendee's occurrence page: its place, the series' dates, cancel this one and every later one; a refusal is said on the form",
  { tag: "@embedded" },
  async ({ page }) => {
    await page.setViewportSize(PHONE);
    const { host, eventType } = await weeklyEventType(4);
    const start = utcAt(2, 10);
    await page.goto(`/${host.username}/${eventType.slug}`);
    await slotButton(page, start).click();
    await page.getByLabel("Your name").fill("Ada Lovelace");
    await page.getByLabel("E-mail").fill(attendee("Ada").email);
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await page.waitForURL(/\/booking\/[0-9A-Za-z]{22}\?token=/);
    await expect(page.getByRole("heading", { name: "Occurrence 1 of 4 of a series" })).toBeVisible();
    await expect(seriesList(page).getByRole("listitem")).toHaveCount(4);
    await expect(seriesList(page).getByRole("listitem").first()).toContainText("(this one)");
    await expectAccessible(page);
    const uids = (await db.booking.findMany({ where: { eventTypeId: eventType.id }, orderBy: { start: "asc" }, select: { uid: true } })).map(({ uid }) => uid);

    // Each other date opens that occurrence's own page, with its own link: the third one here.
    await seriesList(page).getByRole("link").nth(1).click();
    await page.waitForURL(new RegExp(`/booking/${uids[2]}\\?token=`));
    await expect(page.getByRole("heading", { name: "Occurrence 3 of 4 of a series" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Reschedule this occurrence" })).toBeVisible();

    // Cancelled elsewhere while the form is open: the refusal is said on the form, and nothing else is cancelled.
    await page.getByRole("button", { name: "Cancel this occurrence" }).click();
    expect((await page.request.post(`/v2/bookings/${uids[2]}/cancel`, { headers: V, data: {} })).status()).toBe(200);
    await page.getByRole("radio", { name: "This and all later occurrences (2 in all)" }).check();
    await page.getByRole("button", { name: "Confirm cancellation" }).click();
    await expect(page.getByRole("form", { name: "Cancel this occurrence" })).toContainText("This booking is cancelled.");
    expect(await statuses(eventType.id)).toEqual(["ACCEPTED", "ACCEPTED", "CANCELLED", "ACCEPTED"]);

    // The second occurrence, and every later one still standing, from the keyboard.
    await page.reload();
    await expect(seriesList(page).getByRole("listitem").nth(2)).toContainText("(this one) (cancelled)");
    await seriesList(page).getByRole("link").nth(1).click();
    await page.waitForURL(new RegExp(`/booking/${uids[1]}\\?token=`));
    await expect(page.getByRole("heading", { name: "Occurrence 2 of 4 of a series" })).toBeVisible();
    await page.getByRole("button", { name: "Cancel this occurrence" }).press("Enter");
    const only = page.getByRole("radio", { name: "This occurrence only" });
    await expect(only).toBeChecked();
    await only.focus();
    await only.press("ArrowDown");
    await expect(page.getByRole("radio", { name: "This and all later occurrences (2 in all)" })).toBeChecked();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Confirm cancellation" }).press("Enter");
    await expect(page.getByRole("heading", { name: "This booking is cancelled" })).toBeVisible();
    expect(await statuses(eventType.id)).toEqual(["ACCEPTED", "CANCELLED", "CANCELLED", "CANCELLED"]);
    await expect(seriesList(page).getByRole("listitem").nth(3)).toContainText("(cancelled)");
    await expect(seriesList(page).getByRole("listitem").first()).not.toContainText("(cancelled)");
  },
);

test(
  "the host's lists: each occurrence marked with its place and the series in its details; a seated booking's seats and attendees",
  { tag: "@embedded" },
  async ({ page }) => {
    const { host, eventType: seated, apiKey } = await makeHostWithEventType({ eventType: { seatsPerTimeSlot: 3 } });
    const created = await page.request.post("/v2/event-types", {
      headers: { authorization: `Bearer ${apiKey}` },
      data: { title: "Weekly review", slug: `weekly-${Date.now()}`, lengthInMinutes: 30, recurrence: { frequency: "weekly", interval: 1, occurrences: 3 } },
    });
    expect(created.status()).toBe(201);
    const weekly = (await created.json()).data;
    await bookOverHttp(page.request, weekly.id, utcAt(3, 9), { recurrenceCount: 3 });
    const seatAt = utcAt(2, 15);
    for (const name of ["Ada Lovelace", "Grace Hopper"]) await bookOverHttp(page.request, seated.id, seatAt, { attendee: attendee(name) });

    await logInAt(page, "/bookings/upcoming", host.email);
    const list = page.getByRole("list", { name: "Upcoming bookings" });
    const seatedRow = list.getByRole("listitem").filter({ hasText: "2 of 3 seats taken" });
    await expect(seatedRow).toContainText("Ada Lovelace, Grace Hopper");
    for (const position of [1, 2, 3]) await expect(list.getByRole("listitem").filter({ hasText: `Occurrence ${position} of 3 in a series` })).toHaveCount(1);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await list.getByRole("listitem").filter({ hasText: "Occurrence 2 of 3 in a series" }).getByRole("button").click();
    const dialog = page.getByRole("dialog", { name: /^Weekly review/ });
    await expect(dialog).toContainText("Occurrence 2 of 3");
    await expect(dialog.getByRole("list", { name: "Occurrences of the series" }).getByRole("listitem")).toHaveCount(3);
    await expect(dialog.getByRole("list", { name: "Occurrences of the series" }).getByRole("listitem").nth(1)).toContainText("(this one)");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");

    await page.setViewportSize(PHONE);
    await seatedRow.getByRole("button").click();
    const seatedDialog = page.getByRole("dialog", { name: new RegExp(`^${seated.title}`) });
    await expect(seatedDialog).toContainText("2 of 3 taken");
    await expect(seatedDialog).toContainText("Ada Lovelace");
    await expect(seatedDialog).toContainText("Grace Hopper");
    await expectAccessible(page);
  },
);
