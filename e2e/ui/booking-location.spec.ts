/**
 * The booking page's location and booking fields in Chromium, on a 390 px wide screen: the event type's place is
 * shown before booking, several places are a radio group chosen with the keyboard, a place the visitor fills in asks
 * for it (the error on that field), the notes field and a custom question are asked, the booking stores them, and the
 * confirmation names the place. axe finds nothing to fix on the form or the confirmation.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { attendee, makeHostWithEventType, utcAt } from "../../prisma/scheduling-factories";
import { db, disconnectDb } from "../../server/db/client";
import { expect, test } from "../support/fixtures";

test.afterAll(() => disconnectDb());
test.use({ timezoneId: "Europe/Paris", locale: "en-US", viewport: { width: 390, height: 844 } });

const ADDRESS = { type: "address", address: "1 Rue de Rivoli, 75001 Paris", public: true };
const slotButton = (page: Page, start: Date) => page.locator(`button:has(time[datetime="${start.toISOString()}"])`);

async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function expectNoSideways(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test("one place: shown before booking, on the form, stored, and on the confirmation; notes and a custom question are asked", async ({ page }) => {
  const bookingFields = [{ type: "select", slug: "plan", label: "Plan", options: ["Free", "Pro"], required: true, hidden: false, placeholder: "" }];
  const { host, eventType } = await makeHostWithEventType({ eventType: { locations: [ADDRESS], bookingFields } });
  await page.goto(`/${host.username}/${eventType.slug}`);
  const summary = page.locator("section", { has: page.getByRole("heading", { name: "Intro call", level: 1 }) });
  await expect(summary.getByRole("list", { name: "Where" })).toContainText("In person: 1 Rue de Rivoli, 75001 Paris");

  const start = utcAt(1, 10);
  await slotButton(page, start).click();
  const form = page.getByRole("form", { name: "Your details" });
  await expect(form.getByText("In person: 1 Rue de Rivoli, 75001 Paris")).toBeVisible();
  await expect(form.getByLabel("Additional notes")).toBeVisible();
  await expectAccessible(page);
  await expectNoSideways(page);

  const visitor = attendee("Ada Lovelace");
  await form.getByLabel("Your name").fill(visitor.name);
  await form.getByLabel("E-mail").fill(visitor.email);
  await form.getByLabel("Additional notes").fill("Bring the signed contract.");
  await form.getByRole("button", { name: "Confirm booking" }).click();
  await expect(form.getByLabel("Plan")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Plan")).toHaveAccessibleDescription("Plan: choose an option");

  await form.getByLabel("Plan").selectOption("Pro");
  await form.getByRole("button", { name: "Confirm booking" }).click();
  const confirmation = page.getByRole("status").filter({ has: page.getByRole("heading", { name: "This meeting is scheduled" }) });
  await expect(confirmation).toContainText("1 Rue de Rivoli, 75001 Paris");
  await expectAccessible(page);

  const booking = await db.booking.findFirstOrThrow({ where: { eventTypeId: eventType.id }, select: { location: true, bookingFieldsResponses: true } });
  expect(booking.location).toEqual({ type: "address", address: ADDRESS.address });
  expect(booking.bookingFieldsResponses).toEqual({ notes: "Bring the signed contract.", plan: "Pro" });
});

test("several places: a radio group chosen with the keyboard; the visitor's own phone is asked, refused on its field, then booked", async ({ page }) => {
  const locations = [ADDRESS, { type: "integration", integration: "zoom" }, { type: "attendeePhone" }];
  const { host, eventType } = await makeHostWithEventType({ eventType: { locations } });
  await page.goto(`/${host.username}/${eventType.slug}`);
  await expect(page.getByRole("list", { name: "Where (you choose)" }).getByRole("listitem")).toHaveText([
    "In person: 1 Rue de Rivoli, 75001 Paris",
    "Zoom",
    "Phone call, the host calls you",
  ]);

  const start = utcAt(1, 11);
  await slotButton(page, start).focus();
  await page.keyboard.press("Enter");
  const form = page.getByRole("form", { name: "Your details" });
  const visitor = attendee("Grace Hopper");
  await form.getByLabel("Your name").fill(visitor.name);
  await form.getByLabel("E-mail").fill(visitor.email);

  const chooser = form.getByRole("radiogroup", { name: "Location" });
  await expect(chooser.getByRole("radio")).toHaveCount(3);
  await chooser.getByRole("radio", { name: "In person: 1 Rue de Rivoli, 75001 Paris" }).focus();
  await page.keyboard.press("Space");
  await expect(chooser.getByRole("radio", { name: "In person: 1 Rue de Rivoli, 75001 Paris" })).toBeChecked();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(chooser.getByRole("radio", { name: "Phone call, the host calls you" })).toBeChecked();
  const phone = form.getByLabel("Your phone number");
  await expect(phone).toBeVisible();
  await expectAccessible(page);

  await form.getByRole("button", { name: "Confirm booking" }).click();
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expect(phone).toHaveAccessibleDescription(/Your phone number: an answer is required for location attendeePhone/);
  await phone.fill("+44 20 7946 0958");
  await phone.press("Enter");

  const confirmation = page.getByRole("status").filter({ has: page.getByRole("heading", { name: "This meeting is scheduled" }) });
  await expect(confirmation).toContainText("+442079460958");
  await expectNoSideways(page);
  const booking = await db.booking.findFirstOrThrow({ where: { eventTypeId: eventType.id }, select: { location: true } });
  expect(booking.location).toEqual({ type: "attendeePhone", phone: "+442079460958" });
});
