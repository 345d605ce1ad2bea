/**
 * Bookings in the site, as a host uses them: a visitor's request confirmed from /bookings/unconfirmed; a booking
 * rescheduled (a new slot from the booking page's picker) and cancelled from the list; filters and cursor pages; a
 * team admin's view of the team's bookings; axe on the lists and the details dialog, light and dark, 390 and 1440 px,
 * with screenshots to docs/screenshots. Tagged @embedded: the same flows on PGlite.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { makeUser } from "../../prisma/factories";
import { attendee, makeHostWithEventType, utcAt } from "../../prisma/scheduling-factories";
import { db, disconnectDb } from "../../server/db/client";
import { seriousAxeViolations } from "../support/axe-serious";
import { bearer, bookOverHttp, type Booking } from "../support/bookings-http";
import { expect as baseExpect, test } from "../support/fixtures";
import { toastWith, typeDate } from "../support/site";
import { logIn } from "../support/web-session";

test.afterAll(() => disconnectDb());
test.use({ timezoneId: "UTC", locale: "en-US" });
// Whole flows through a production server on a shared 2-core machine: three times the default budget.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

/** Signs the browser's context in through the credentials callback (the log-in form has its own spec), then opens `path`. */
async function openSignedIn(page: Page, path: string, email: string) {
  await logIn(page.request, email);
  await page.goto(path);
}

const SCREENSHOTS = path.join(import.meta.dirname, "../../docs/screenshots");
/** A slot of the picker in `scope` (the page, or the booking dialog: behind it, the list's rows carry <time> too). */
const slotButton = (scope: Page | Locator, start: Date) => scope.locator(`button:has(time[datetime="${start.toISOString()}"])`);
const bookingRow = (page: Page, start: Date | string) =>
  page.locator(`li > button:has(time[datetime="${typeof start === "string" ? start : start.toISOString()}"])`);

test("a visitor's request is confirmed by the host from /bookings/unconfirmed @embedded", async ({ page }) => {
  const { host, eventType } = await makeHostWithEventType({ eventType: { requiresConfirmation: true } });
  const visitor = attendee("Ada Visitor");
  await page.goto(`/${host.username}/${eventType.slug}`);
  await slotButton(page, utcAt(1, 9)).click();
  await page.getByLabel("Your name").fill(visitor.name);
  await page.getByLabel("E-mail").fill(visitor.email);
  await page.getByRole("button", { name: "Confirm booking" }).click();
  await expect(page.getByRole("heading", { name: "Booking requested" })).toBeVisible();

  await openSignedIn(page, "/bookings/unconfirmed", host.email);
  const list = page.getByRole("list", { name: "Unconfirmed bookings" });
  await expect(list).toContainText("Ada Visitor");
  await expect(list).toContainText("(UTC)");
  await bookingRow(page, utcAt(1, 9)).click();
  const dialog = page.getByRole("dialog", { name: /^Intro call/ });
  await expect(dialog).toContainText(visitor.email);
  await dialog.getByRole("button", { name: "Confirm", exact: true }).click();
  await expect(toastWith(page, "Booking confirmed")).toBeVisible();
  await expect(page.getByText("No bookings wait for your confirmation.")).toBeVisible();
  expect((await db.booking.findFirstOrThrow({ where: { eventTypeId: eventType.id } })).status).toBe("ACCEPTED");

  await page.getByRole("navigation", { name: "Booking lists" }).getByRole("link", { name: "Upcoming" }).click();
  await expect(bookingRow(page, utcAt(1, 9))).toContainText("Confirmed");
});

test("a booking is rescheduled to a slot from the picker, then cancelled with a reason, from the list @embedded", async ({ page, request }) => {
  const { host, eventType, apiKey } = await makeHostWithEventType();
  const booked = await bookOverHttp(request, eventType.id, utcAt(1, 9));

  await openSignedIn(page, "/bookings", host.email);
  await expect(page).toHaveURL("/bookings/upcoming");
  await bookingRow(page, utcAt(1, 9)).click();
  let dialog = page.getByRole("dialog", { name: /^Intro call/ });
  await dialog.getByRole("button", { name: "Reschedule" }).click();
  // The picker is the booking page's: the booking's own slot is taken, the others are offered.
  await expect(slotButton(dialog, utcAt(1, 9, 30))).toBeVisible();
  await expect(slotButton(dialog, utcAt(1, 9))).toHaveCount(0);
  await slotButton(dialog, utcAt(2, 10)).click();
  await dialog.getByLabel("Reason for rescheduling (optional)").fill("Clash with a workshop");
  await dialog.getByRole("button", { name: "Reschedule booking" }).click();
  await expect(toastWith(page, "Booking moved to")).toBeVisible();
  await expect(bookingRow(page, utcAt(1, 9))).toHaveCount(0);

  const old = await db.booking.findUniqueOrThrow({ where: { uid: booked.uid } });
  expect(old.status).toBe("CANCELLED");
  const moved = await db.booking.findUniqueOrThrow({ where: { uid: old.rescheduledToUid! } });
  expect(moved.start.toISOString()).toBe(utcAt(2, 10).toISOString());
  expect(moved.reschedulingReason).toBe("Clash with a workshop");

  await bookingRow(page, utcAt(2, 10)).click();
  dialog = page.getByRole("dialog", { name: /^Intro call/ });
  await dialog.getByRole("button", { name: "Cancel booking" }).click();
  await dialog.getByLabel("Reason for cancelling (optional)").fill("Host is ill");
  await dialog.getByRole("button", { name: "Cancel booking" }).click();
  await expect(toastWith(page, "Booking cancelled")).toBeVisible();
  await expect(page.getByText("No upcoming bookings.")).toBeVisible();
  expect(await db.booking.findUniqueOrThrow({ where: { uid: moved.uid } })).toMatchObject({ status: "CANCELLED", cancellationReason: "Host is ill" });

  await page.goto("/bookings/cancelled");
  await expect(bookingRow(page, utcAt(2, 10))).toContainText("Cancelled");
  await bookingRow(page, utcAt(2, 10)).click();
  await expect(page.getByRole("dialog", { name: /^Intro call/ })).toContainText("Host is ill");
  void apiKey;
});

test("filters narrow the list, and pages follow the list's cursor @embedded", async ({ page, request }) => {
  const { host, eventType, apiKey } = await makeHostWithEventType();
  const starts = Array.from({ length: 23 }, (_, index) => utcAt(1 + Math.floor(index / 16), 9 + Math.floor((index % 16) / 2), (index % 2) * 30));
  const bookings: Booking[] = [];
  for (const start of starts) {
    const response = await request.post("/v2/bookings", {
      headers: bearer(apiKey),
      data: { eventTypeId: eventType.id, start: start.toISOString(), attendee: attendee() },
    });
    expect(response.status()).toBe(201);
    bookings.push((await response.json()).data);
  }
  await openSignedIn(page, "/bookings/upcoming", host.email);
  const list = page.getByRole("list", { name: "Upcoming bookings" });
  await expect(page.getByText("1–20 of 23")).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(20);
  await page.getByRole("button", { name: "Next page" }).click();
  await expect(page.getByText("21–23 of 23")).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(3);
  await expect(bookingRow(page, starts[22]!)).toBeVisible();
  await expect(page.getByRole("button", { name: "Next page" })).toBeDisabled();
  await page.getByRole("button", { name: "Previous page" }).click();
  await expect(page.getByText("1–20 of 23")).toBeVisible();

  await page.getByLabel("Attendee e-mail").fill(bookings[5]!.attendees[0]!.email);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(bookingRow(page, starts[5]!)).toBeVisible();

  await page.getByRole("button", { name: "Clear" }).click();
  await typeDate(page.getByRole("group", { name: "From" }), utcAt(2, 0).toISOString().slice(0, 10));
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByText("1–7 of 7")).toBeVisible();
});

test("a team admin lists the team's bookings; a member's own list stays theirs", async ({ page, request }) => {
  const admin = await makeUser({ name: "Team Admin" });
  const { host, eventType } = await makeHostWithEventType();
  const team = await db.team.create({ data: { name: "Support crew", slug: `crew-${host.id}` } });
  await db.membership.createMany({
    data: [
      { teamId: team.id, userId: admin.id, role: "ADMIN", accepted: true },
      { teamId: team.id, userId: host.id, role: "MEMBER", accepted: true },
    ],
  });
  const teamType = await db.eventType.create({
    data: { teamId: team.id, title: "Team triage", slug: `triage-${team.id}`, lengthInMinutes: 30, minimumBookingNotice: 0, schedulingType: "COLLECTIVE" },
  });
  await db.eventTypeHost.create({ data: { eventTypeId: teamType.id, userId: host.id } });
  await bookOverHttp(request, teamType.id, utcAt(1, 11));
  await bookOverHttp(request, eventType.id, utcAt(1, 13));

  await openSignedIn(page, "/bookings/upcoming", admin.email);
  await expect(page.getByText("No upcoming bookings.")).toBeVisible();
  await page.getByRole("button", { name: /Bookings of/ }).click();
  await page.getByRole("option", { name: "Team Support crew" }).click();
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(bookingRow(page, utcAt(1, 11))).toContainText("Team triage");
  await expect(bookingRow(page, utcAt(1, 13))).toHaveCount(0);
});

for (const theme of ["light", "dark"] as const) {
  test(`the bookings lists and the details dialog pass axe in the ${theme} theme at 390 and 1440 px`, async ({ page, request }) => {
    test.setTimeout(360_000);
    const { host, eventType } = await makeHostWithEventType({ eventType: { requiresConfirmation: true } });
    await bookOverHttp(request, eventType.id, utcAt(1, 9));
    await page.emulateMedia({ colorScheme: theme });
    await openSignedIn(page, "/bookings/unconfirmed", host.email);
    mkdirSync(SCREENSHOTS, { recursive: true });
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      for (const tab of ["upcoming", "unconfirmed", "recurring", "past", "cancelled"]) {
        await page.goto(`/bookings/${tab}`);
        await expect(page.getByRole("heading", { level: 1, name: "Bookings" })).toBeVisible();
        await expect(page.getByRole("form", { name: "Filter bookings" })).toBeVisible();
        await page.waitForLoadState("networkidle");
        expect(await seriousAxeViolations(page), `/bookings/${tab} at ${width} px, ${theme}`).toEqual([]);
        if (tab === "unconfirmed")
          await page.screenshot({ path: path.join(SCREENSHOTS, `bookings-unconfirmed-${theme}-${width}.png`), fullPage: width === 390 });
      }
      await page.goto("/bookings/unconfirmed");
      await bookingRow(page, utcAt(1, 9)).click();
      await expect(page.getByRole("dialog", { name: /^Intro call/ }).getByRole("link", { name: "Download .ics" })).toBeVisible();
      expect(await seriousAxeViolations(page), `booking dialog at ${width} px, ${theme}`).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOTS, `booking-details-${theme}-${width}.png`) });
    }
  });
}
