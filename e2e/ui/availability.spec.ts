/**
 * Availability in the site, as its owner uses it: working hours and a date override edited in the schedule editor
 * change the slots the public booking page offers; a second schedule, the default moved, delete refused for the last
 * one; out-of-office entries added and listed in the owner's zone. Tagged @embedded: the same flows on PGlite.
 */
import { makeUser } from "../../prisma/factories";
import { makeHostWithEventType, utcAt } from "../../prisma/scheduling-factories";
import { db, disconnectDb } from "../../server/db/client";
import { WEEKDAYS } from "../../server/schedules/schedule.schemas";
import { expect, test } from "../support/fixtures";
import { choose, logInAt, typeDate } from "../support/site";
import type { Page } from "@playwright/test";

test.afterAll(() => disconnectDb());
test.use({ timezoneId: "UTC", locale: "en-US" });

const slotButton = (page: Page, start: Date) => page.locator(`button:has(time[datetime="${start.toISOString()}"])`);
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

test("edited working hours and a day off change the public page's slots @embedded", async ({ page }) => {
  const { host, eventType, schedule } = await makeHostWithEventType();
  const publicPage = `/${host.username}/${eventType.slug}`;
  const tomorrow = WEEKDAYS[utcAt(1, 0).getUTCDay()]!;

  await page.goto(publicPage);
  await expect(slotButton(page, utcAt(1, 9))).toBeVisible();
  await expect(slotButton(page, utcAt(2, 9))).toBeVisible();

  await logInAt(page, "/availability", host.email);
  const list = page.getByRole("list", { name: "Schedules" });
  await expect(list.getByRole("link", { name: /Working hours\s*Default/ })).toBeVisible();
  await list.getByRole("link", { name: /Working hours/ }).click();
  await expect(page).toHaveURL(`/availability/${schedule.id}`);

  await choose(page, new RegExp(`${tomorrow} range 1 from`), "10:00");
  await choose(page, new RegExp(`${tomorrow} range 1 to`), "12:00");
  await page.getByRole("button", { name: "Add a date override" }).click();
  await typeDate(page.getByRole("group", { name: "Date" }), isoDay(utcAt(2, 0)));
  await expect(page.getByRole("switch", { name: "Day off" })).toBeChecked();
  await page.getByRole("button", { name: "Save schedule" }).click();
  await expect(page.getByText("Schedule saved")).toBeVisible();

  await page.goto(publicPage);
  await expect(slotButton(page, utcAt(1, 10))).toBeVisible();
  await expect(slotButton(page, utcAt(1, 11, 30))).toBeVisible();
  await expect(slotButton(page, utcAt(1, 9))).toHaveCount(0);
  await expect(slotButton(page, utcAt(1, 12))).toHaveCount(0);
  await expect(slotButton(page, utcAt(2, 9))).toHaveCount(0);
  await expect(slotButton(page, utcAt(3, 9))).toBeVisible();
});

test("a range ending before it starts is refused on its field and nothing is saved @embedded", async ({ page }) => {
  const { host, schedule } = await makeHostWithEventType();
  await logInAt(page, `/availability/${schedule.id}`, host.email);
  await choose(page, /Monday range 1 from/, "15:00");
  await choose(page, /Monday range 1 to/, "10:00");
  await page.getByRole("button", { name: "Save schedule" }).click();
  await expect(page.getByText("The end time must be after the start time")).toBeVisible();
  const entries = await db.availability.findMany({ where: { scheduleId: schedule.id } });
  expect(entries.map(({ startMinute, endMinute }) => [startMinute, endMinute])).toEqual([[540, 1020]]);
});

test("a second schedule becomes the default, and the last one cannot be deleted @embedded", async ({ page }) => {
  const { host, schedule } = await makeHostWithEventType();
  await logInAt(page, "/availability", host.email);
  await page.getByLabel("Name").fill("Summer hours");
  await page.getByRole("button", { name: "Create schedule" }).click();
  await expect(page.getByRole("heading", { name: "Summer hours", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Set as default" }).click();
  await expect(page.getByText("“Summer hours” is now your default schedule")).toBeVisible();
  const summer = await db.schedule.findFirstOrThrow({ where: { userId: host.id, name: "Summer hours" } });
  expect((await db.user.findUniqueOrThrow({ where: { id: host.id } })).defaultScheduleId).toBe(summer.id);

  await page.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog", { name: "Delete “Summer hours”?" }).getByRole("button", { name: "Delete schedule" }).click();
  await expect(page).toHaveURL("/availability");
  expect((await db.user.findUniqueOrThrow({ where: { id: host.id } })).defaultScheduleId).toBe(schedule.id);

  await page
    .getByRole("list", { name: "Schedules" })
    .getByRole("link", { name: /Working hours/ })
    .click();
  await expect(page.getByText("Your only schedule cannot be deleted.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Delete" })).toBeDisabled();
});

test("an out-of-office entry with a redirect to a teammate is listed in the owner's zone @embedded", async ({ page }) => {
  const owner = await makeUser({ name: "Ada Away", timeZone: "Europe/Berlin" });
  const mate = await makeUser({ name: "Grace Stand-in" });
  const team = await db.team.create({ data: { name: "Crew", slug: `crew-${owner.id}` } });
  await db.membership.createMany({ data: [owner, mate].map((user) => ({ teamId: team.id, userId: user.id, role: "MEMBER" as const, accepted: true })) });
  const first = isoDay(utcAt(20, 0));
  const last = isoDay(utcAt(22, 0));

  await logInAt(page, "/availability", owner.email);
  // The schedules come from the browser's own query: once shown, the page is hydrated and the tabs respond.
  await expect(page.getByText("You have no schedules yet.")).toBeVisible();
  await page.getByRole("tab", { name: "Out of office" }).click();
  await expect(page.getByText("No upcoming out-of-office entries.")).toBeVisible();
  await typeDate(page.getByRole("group", { name: "First day" }), first);
  await typeDate(page.getByRole("group", { name: "Last day" }), last);
  await choose(page, /Reason$/, "Vacation");
  await choose(page, /Redirect bookings to$/, "Grace Stand-in (" + mate.username + ")");
  await page.getByLabel("Notes (optional)").fill("Hiking");
  await page.getByRole("button", { name: "Add entry" }).click();

  const entry = page.getByRole("list", { name: "Upcoming out-of-office entries" }).getByRole("listitem");
  await expect(entry).toContainText("Vacation");
  await expect(entry).toContainText("Bookings go to Grace Stand-in");
  await expect(entry).toContainText("(Europe/Berlin)");
  const stored = await db.outOfOffice.findFirstOrThrow({ where: { userId: owner.id } });
  // Whole days in Berlin: midnight there is 22:00 or 23:00 UTC the day before.
  expect([22, 23]).toContain(stored.start.getUTCHours());
  expect(stored.redirectToUserId).toBe(mate.id);
  expect((stored.end.getTime() - stored.start.getTime()) / 3_600_000).toBeGreaterThanOrEqual(71);
});
