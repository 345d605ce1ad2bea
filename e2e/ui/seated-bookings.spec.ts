/**
 * Seats in Chromium: the host turns seats on in the event type editor's Seats section; two visitors book the same time
 * from the booking page, which counts the seats left; each lands on their own seat's page, sees nobody else, and the
 * second cancels their seat there while the first keeps theirs. axe on the editor, the booking page and the seat's page.
 */
import type { Locator, Page } from "@playwright/test";
import { attendee, makeHostWithEventType, utcAt } from "../../prisma/scheduling-factories";
import { db, disconnectDb } from "../../server/db/client";
import { seriousAxeViolations } from "../support/axe-serious";
import { expect, test } from "../support/fixtures";
import { logInAt, toastWith } from "../support/site";

test.afterAll(() => disconnectDb());
test.use({ timezoneId: "UTC", locale: "en-US" });

const slotButton = (page: Page, start: Date) => page.locator(`button:has(time[datetime="${start.toISOString()}"])`);

/** A React Aria switch: its input is visually hidden inside its label, so it is flipped as a keyboard user would. */
async function flip(switchControl: Locator) {
  await switchControl.focus();
  await switchControl.press("Space");
}

async function bookAs(page: Page, path: string, start: Date, person: { name: string; email: string }, seatsLeft: string, { axe = false } = {}) {
  await page.goto(path);
  await expect(slotButton(page, start)).toContainText(seatsLeft);
  if (axe) expect(await seriousAxeViolations(page)).toEqual([]);
  await slotButton(page, start).click();
  await page.getByLabel("Your name").fill(person.name);
  await page.getByLabel("E-mail").fill(person.email);
  await page.getByRole("button", { name: "Confirm booking" }).click();
  // The seat's own page: its token names the seat, never the whole booking.
  await page.waitForURL(/\/booking\/[0-9A-Za-z]{22}\?token=cnv_bs_/);
  await expect(page.getByRole("heading", { name: "This meeting is scheduled" })).toBeVisible();
}

test("the host offers seats; two visitors take seats of one booking, see only themselves, and one gives theirs up", async ({ page, browser }) => {
  // The editor, two visitors' bookings and a cancel, with axe on each page: three times the usual time.
  test.slow();
  const { host, eventType } = await makeHostWithEventType();
  await logInAt(page, `/event-types/${eventType.id}`, host.email);
  await page.getByRole("tab", { name: "Seats" }).click();
  await flip(page.getByRole("switch", { name: "Offer seats" }));
  await page.getByLabel("Seats per time").fill("2");
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Save seats" }).click();
  await expect(toastWith(page, "Event type saved")).toBeVisible();
  await expect.poll(async () => (await db.eventType.findUniqueOrThrow({ where: { id: eventType.id } })).seatsPerTimeSlot).toBe(2);

  const start = utcAt(2, 10);
  const path = `/${host.username}/${eventType.slug}`;
  const ada = attendee("Ada Lovelace");
  const grace = attendee("Grace Hopper");
  const visitor = await browser.newContext({ timezoneId: "UTC", locale: "en-US" });
  const adaPage = await visitor.newPage();
  await bookAs(adaPage, path, start, ada, "2 seats left", { axe: true });
  const gracePage = await (await browser.newContext({ timezoneId: "UTC", locale: "en-US" })).newPage();
  await bookAs(gracePage, path, start, grace, "1 seat left");

  const status = gracePage.getByRole("status").filter({ has: gracePage.getByRole("heading", { name: "This meeting is scheduled" }) });
  await expect(status).toContainText(grace.email);
  await expect(status).not.toContainText(ada.email);
  expect(await seriousAxeViolations(gracePage)).toEqual([]);
  const booking = await db.booking.findFirstOrThrow({ where: { eventTypeId: eventType.id }, select: { uid: true, seatsTaken: true } });
  expect(booking.seatsTaken).toBe(2);
  expect(gracePage.url()).toContain(`/booking/${booking.uid}?`);

  // A full time is no longer offered.
  await adaPage.goto(path);
  await expect(adaPage.getByRole("heading", { name: /Intro call/ }).first()).toBeVisible();
  await expect(slotButton(adaPage, start)).toHaveCount(0);

  await gracePage.getByRole("button", { name: "Cancel this booking" }).click();
  await gracePage.getByRole("button", { name: "Confirm cancellation" }).click();
  await expect(gracePage.getByRole("heading", { name: "This booking is cancelled" })).toBeVisible();
  await expect
    .poll(async () => db.booking.findUniqueOrThrow({ where: { uid: booking.uid }, select: { seatsTaken: true, status: true } }))
    .toEqual({ seatsTaken: 1, status: "ACCEPTED" });
  await visitor.close();
});
