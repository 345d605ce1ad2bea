/**
 * The organization's booking list in the site (/settings/organizations/{orgId}, section "Bookings"): its owner sees a
 * booking of an organization team's event type, narrows the list by team and status; a plain member of the
 * organization gets no such section (org.bookings.read is its owners' and admins').
 */
import { attendee, utcAt } from "../../prisma/scheduling-factories";
import { disconnectDb } from "../../server/db/client";
import { seriousAxeViolations } from "../support/axe-serious";
import { expect, test } from "../support/fixtures";
import { makePublicOrganization } from "../support/org-public-world";
import { choose, logInAt } from "../support/site";

test.afterAll(() => disconnectDb());

test("an organization's owner sees its team's booking in the organization's list; a plain member gets no list", async ({ page, request }) => {
  // Two sign-ins, axe and a filtered list: a loaded 2-core machine needs more than the default minute.
  test.setTimeout(120_000);
  const { org, team, owner, hosts, eventType } = await makePublicOrganization({ teamSlug: "support" });
  const visitor = attendee("Katherine Johnson");
  const booked = await request.post("/v2/bookings", {
    headers: { "svc-api-version": "2024-08-13" },
    data: { eventTypeId: eventType.id, start: utcAt(3, 11).toISOString(), attendee: visitor },
  });
  expect(booked.status(), await booked.text()).toBe(201);

  const path = `/settings/organizations/${org.id}`;
  await logInAt(page, path, owner.email);
  const section = page.getByRole("region", { name: "Bookings" });
  const upcoming = section.getByRole("list", { name: "Upcoming bookings of the organization" });
  await expect(upcoming.getByRole("listitem").filter({ hasText: visitor.name })).toBeVisible();
  await expect(upcoming).toContainText("Product demo");
  expect(await seriousAxeViolations(page)).toEqual([]);

  // Its details open from the organization's list (read through the organization, not the booking's own hosts).
  await upcoming.locator(`li > button:has(time[datetime="${utcAt(3, 11).toISOString()}"])`).click();
  const dialog = page.getByRole("dialog", { name: /Product demo/ });
  await expect(dialog).toContainText(visitor.email);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  // The personal list's filters: this team keeps the booking; the past holds none.
  await choose(page, /Bookings of/, `Team ${team.name}`);
  await section.getByRole("button", { name: "Apply filters" }).click();
  await expect(upcoming.getByRole("listitem").filter({ hasText: visitor.name })).toBeVisible();
  await section.getByRole("radio", { name: "Past" }).check();
  await expect(section.getByText("No past bookings.")).toBeVisible();

  await page.context().clearCookies();
  await logInAt(page, path, hosts[0]!.email);
  await expect(page.getByRole("heading", { level: 1, name: org.name })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Bookings" })).toHaveCount(0);
  await expect(page.getByText(visitor.name)).toHaveCount(0);
});
