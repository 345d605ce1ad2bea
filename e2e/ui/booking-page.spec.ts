/**
 * The public booking page in Chromium: a visitor in Paris books a host who works 09:00–17:00 UTC, and
 * the booking is checked in the database; hidden and unknown event types are a 404; a slot booked
 * meanwhile (through POST /v2/bookings) is explained and disappears from the list; a private link's page
 * books its hidden event type while the link lasts; a booking past the rate limit is explained.
 */
import { sessionActor } from "../../server/auth/actor";
import type { Page } from "@playwright/test";
import { attendee, makeHostWithEventType, utcAt, type HostOptions } from "../../prisma/scheduling-factories";
import { db, disconnectDb } from "../../server/db/client";
import { createPrivateLink } from "../../server/event-types/private-link.service";
import { quotaOf } from "../../server/security/rate-limits";
import { expect, test } from "../support/fixtures";

const MAX_BOOKINGS_PER_ATTENDEE_EMAIL = quotaOf("BOOKINGS_PER_ATTENDEE_EMAIL");

test.afterAll(() => disconnectDb());
// Deterministic for the assertions below: the page defaults to the browser's zone, +01:00 in winter, +02:00 in summer.
test.use({ timezoneId: "Europe/Paris", locale: "en-US" });

/** The slot button for an instant: its <time> carries the start as an ISO timestamp, whatever the display zone. */
const slotButton = (page: Page, start: Date) => page.locator(`button:has(time[datetime="${start.toISOString()}"])`);
/** Next.js keeps an empty role="alert" route announcer on every page, so alerts are found by their text. */
const alertWith = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text });

async function openBookingPage(page: Page, options: HostOptions = {}) {
  const seeded = await makeHostWithEventType(options);
  await page.goto(`/${seeded.host.username}/${seeded.eventType.slug}`);
  return seeded;
}

async function fillDetails(page: Page, name: string, email: string) {
  await page.getByLabel("Your name").fill(name);
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Confirm booking" }).click();
}

test("disableGuests leaves the guests field out; successRedirectUrl takes the visitor there after booking", async ({ page, baseURL }) => {
  const target = `${baseURL}/docs/migrate-v1?booked=yes`;
  const { eventType } = await openBookingPage(page, { eventType: { disableGuests: true, successRedirectUrl: target } });
  const start = utcAt(1, 10);
  await slotButton(page, start).click();
  await expect(page.getByLabel("Your name")).toBeVisible();
  await expect(page.getByLabel("Guests (optional)")).toHaveCount(0);
  const visitor = attendee("Ada Lovelace");
  await fillDetails(page, visitor.name, visitor.email);
  await page.waitForURL(target);
  expect(await db.booking.count({ where: { eventTypeId: eventType.id, start } })).toBe(1);
});

test("a visitor sees the event, books a slot, lands on the booking's page, and the slot is gone afterwards", async ({ page }) => {
  const { host, eventType } = await openBookingPage(page);
  const start = utcAt(1, 9);
  const visitor = attendee("Ada Lovelace");

  await expect(page.getByRole("heading", { name: "Intro call", level: 1 })).toBeVisible();
  await expect(page.getByText(host.name, { exact: true })).toBeVisible();
  await expect(page.getByText("30 minutes")).toBeVisible();
  await expect(page.getByLabel("Time zone")).toHaveValue("Europe/Paris");
  await expect(slotButton(page, start)).toBeVisible();

  await slotButton(page, start).click();
  await page.getByLabel("Guests (optional)").fill("friend@example.test, not-a-guest");
  await fillDetails(page, visitor.name, "not-an-email");
  await expect(page.getByText("Must be a valid e-mail address")).toHaveCount(2);
  await expect(page.getByLabel("E-mail")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Guests (optional)")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Your name")).not.toHaveAttribute("aria-invalid");

  await page.getByLabel("Guests (optional)").fill("");
  await fillDetails(page, visitor.name, visitor.email);
  // The booking's own page (/booking/{uid}), opened with the booker's manage link.
  await page.waitForURL(/\/booking\/[0-9A-Za-z]{22}\?token=cnv_bm_/);
  const confirmation = page.getByRole("status").filter({ has: page.getByRole("heading", { name: "This meeting is scheduled" }) });
  await expect(confirmation).toBeVisible();
  await expect(confirmation).toContainText("Intro call");
  await expect(confirmation).toContainText(`${host.name} (host)`);
  await expect(confirmation).toContainText(`${visitor.name} (${visitor.email})`);
  // 09:00 UTC is 10:00 in Paris in winter and 11:00 in summer; Intl joins a range with thin spaces and a dash.
  await expect(confirmation).toContainText(/1[01]:00\W+1[01]:30\W+AM/);
  await expect(confirmation).toContainText("(Europe/Paris)");

  const booking = await db.booking.findFirstOrThrow({ where: { eventTypeId: eventType.id }, include: { attendees: true, hosts: true } });
  expect(booking.start.toISOString()).toBe(start.toISOString());
  expect(booking.end.toISOString()).toBe(new Date(start.getTime() + 30 * 60_000).toISOString());
  expect(booking.status).toBe("ACCEPTED");
  expect(booking.hosts.map(({ userId }) => userId)).toEqual([host.id]);
  expect(booking.attendees.map(({ name, email, timeZone }) => ({ name, email, timeZone }))).toEqual([
    { name: visitor.name, email: visitor.email, timeZone: "Europe/Paris" },
  ]);

  await page.goto(`/${host.username}/${eventType.slug}`);
  await expect(slotButton(page, utcAt(1, 10))).toBeVisible();
  await expect(slotButton(page, start)).toHaveCount(0);
});

test("changing the zone or the week refetches the slots without reloading the page", async ({ page }) => {
  await openBookingPage(page);
  const start = utcAt(1, 9);
  await expect(slotButton(page, start)).toContainText(/1[01]:00/);
  const navigations: string[] = [];
  page.on("framenavigated", (frame) => navigations.push(frame.url()));

  await page.getByLabel("Time zone").selectOption("Asia/Tokyo");
  await expect(slotButton(page, start)).toContainText("6:00 PM");
  await page.getByRole("button", { name: "Next week" }).click();
  await expect(slotButton(page, start)).toHaveCount(0);
  await expect(slotButton(page, utcAt(8 + 7, 9))).toBeVisible();
  await page.getByRole("button", { name: "Previous week" }).click();
  await expect(slotButton(page, start)).toBeVisible();
  await expect(page.getByRole("button", { name: "Previous week" })).toBeDisabled();
  expect(navigations).toEqual([]);
});

test("a host who confirms each booking: the confirmation says it is pending", async ({ page }) => {
  const { eventType } = await openBookingPage(page, { eventType: { requiresConfirmation: true } });
  await slotButton(page, utcAt(2, 12)).click();
  await fillDetails(page, "Grace Hopper", attendee().email);
  await expect(page.getByRole("heading", { name: "Booking requested" })).toBeVisible();
  await expect(page.getByText("Pending confirmation by the host.")).toBeVisible();
  expect((await db.booking.findFirstOrThrow({ where: { eventTypeId: eventType.id } })).status).toBe("PENDING");
});

test("a slot booked meanwhile: a readable message, and the list without it", async ({ page, request }) => {
  const { eventType } = await openBookingPage(page);
  const start = utcAt(2, 14);
  await slotButton(page, start).click();
  await page.getByLabel("Your name").fill("Late Visitor");

  const taken = await request.post("/v2/bookings", {
    headers: { "svc-api-version": "2024-08-13" },
    data: { eventTypeId: eventType.id, start: start.toISOString(), attendee: attendee("Early Bird") },
  });
  expect(taken.status()).toBe(201);

  await page.getByLabel("E-mail").fill(attendee().email);
  await page.getByRole("button", { name: "Confirm booking" }).click();
  await expect(alertWith(page, "Someone has just booked this time")).toBeVisible();
  await expect(slotButton(page, utcAt(2, 15))).toBeVisible();
  await expect(slotButton(page, start)).toHaveCount(0);
  expect(await db.booking.count({ where: { eventTypeId: eventType.id } })).toBe(1);
});

test("too many bookings in one attendee's name: the page says to try again later and books nothing", async ({ page, request }) => {
  const { eventType } = await openBookingPage(page, { hours: { startMinute: 0, endMinute: 24 * 60 } });
  const flooded = attendee("Flooded Inbox");
  for (let hour = 0; hour < MAX_BOOKINGS_PER_ATTENDEE_EMAIL; hour++) {
    const booked = await request.post("/v2/bookings", {
      headers: { "svc-api-version": "2024-08-13" },
      data: { eventTypeId: eventType.id, start: utcAt(3, hour).toISOString(), attendee: flooded },
    });
    expect(booked.status()).toBe(201);
  }
  await slotButton(page, utcAt(2, 14)).click();
  await fillDetails(page, "Flooded Inbox", flooded.email);
  await expect(alertWith(page, "Too many bookings in a short time. Please try again in")).toBeVisible();
  expect(await db.booking.count({ where: { eventTypeId: eventType.id } })).toBe(MAX_BOOKINGS_PER_ATTENDEE_EMAIL);
});

test("hidden and unknown event types, and unknown users, are the 404 page", async ({ page }) => {
  const { host, eventType } = await makeHostWithEventType({ eventType: { hidden: true } });
  for (const path of [`/${host.username}/${eventType.slug}`, `/${host.username}/no-such-event`, `/nobody-${Date.now()}/intro`]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: "This booking page does not exist" })).toBeVisible();
    await expect(page.getByText(eventType.title)).toHaveCount(0);
  }
});

test("the app's own pages and the API keep their URLs", async ({ page, request }) => {
  await page.goto("/docs/api");
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("This booking page does not exist");
  expect((await page.goto("/docs/oauth"))?.status()).toBe(200);
  expect((await page.goto("/auth/login"))?.status()).toBe(200);
  const unknownApiPath = await request.get("/v2/no-such-endpoint");
  expect(unknownApiPath.status()).toBe(404);
  expect((await unknownApiPath.json()).error.code).toBe("NOT_FOUND");
});

test("without the page's scripts nothing can be booked", async ({ page }) => {
  await page.route(/\/_next\/static\/.*\.js$/, (route) => route.abort());
  await openBookingPage(page);
  await expect(page.getByRole("heading", { name: "Intro call", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Time zone")).toBeDisabled();
  await expect(page.getByRole("button")).toHaveCount(0);
});

test("a private link's page books its hidden event type once; the public address and the used-up link are a 404", async ({ page }) => {
  const { host, eventType } = await makeHostWithEventType({ eventType: { hidden: true } });
  const link = await createPrivateLink(sessionActor(host.id), eventType.id, { maxUsageCount: 1 });
  const start = utcAt(1, 11);

  await page.goto(new URL(link.bookingUrl).pathname);
  await expect(page.getByRole("heading", { name: "Intro call", level: 1 })).toBeVisible();
  await slotButton(page, start).click();
  const visitor = attendee("Grace Hopper");
  await fillDetails(page, visitor.name, visitor.email);
  await expect(page.getByRole("heading", { name: "This meeting is scheduled" })).toBeVisible();
  expect((await db.booking.findFirstOrThrow({ where: { eventTypeId: eventType.id } })).start.toISOString()).toBe(start.toISOString());

  await page.goto(new URL(link.bookingUrl).pathname);
  await expect(page.getByRole("heading", { name: "This booking page does not exist" })).toBeVisible();
  const publicAddress = await page.goto(`/${host.username}/${eventType.slug}`);
  expect(publicAddress?.status()).toBe(404);
});
