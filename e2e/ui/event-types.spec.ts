/**
 * Event types in the site, as their owner uses them: create one that requires confirmation, edit its length and a
 * booking question, and see the public booking page follow; a taken slug refused on its field; duplicate, hide,
 * copy the link and delete from the list; a team event type's hosts and priorities, read-only for a plain member.
 */
import type { Locator, Page } from "@playwright/test";
import { makeUser } from "../../prisma/factories";
import { makeHostWithEventType, utcAt } from "../../prisma/scheduling-factories";
import { db, disconnectDb } from "../../server/db/client";
import { expect, test } from "../support/fixtures";
import { choose, logInAt, toastWith } from "../support/site";

test.afterAll(() => disconnectDb());
test.use({ timezoneId: "UTC", locale: "en-US" });

const slotButton = (page: Page, start: Date) => page.locator(`button:has(time[datetime="${start.toISOString()}"])`);
const personalList = (page: Page) => page.getByRole("list", { name: "Your event types" });

/** A React Aria switch: its input is visually hidden inside its label, so it is flipped as a keyboard user would. */
async function flip(switchControl: Locator) {
  await switchControl.focus();
  await switchControl.press("Space");
}

test("an event type that requires confirmation, its length and a booking question edited, shows so on the public page", async ({ page }) => {
  const { host } = await makeHostWithEventType();
  await logInAt(page, "/event-types", host.email);
  await page.getByRole("button", { name: "New event type in Your event types" }).click();
  const dialog = page.getByRole("dialog", { name: "New event type" });
  await dialog.getByLabel("Title").fill("Strategy session");
  await expect(dialog.getByLabel("URL slug")).toHaveValue("strategy-session");
  await expect(dialog.getByText(`/${host.username}/strategy-session`)).toBeVisible();
  await dialog.getByLabel("Length (minutes)").fill("45");
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Strategy session" })).toBeVisible();
  const created = await db.eventType.findFirstOrThrow({ where: { userId: host.id, slug: "strategy-session" } });
  expect(page.url()).toContain(`/event-types/${created.id}`);

  await page.getByLabel("Length (minutes)").fill("60");
  await page.getByRole("button", { name: "Save basics" }).click();
  await expect(toastWith(page, "Event type saved")).toBeVisible();

  await page.getByRole("tab", { name: "Advanced" }).click();
  await flip(page.getByRole("switch", { name: "Requires confirmation" }));
  await page.getByLabel("New question", { exact: true }).fill("What should we prepare?");
  await page.getByRole("button", { name: "Add question" }).click();
  const question = page.getByRole("listitem", { name: "Question 1" });
  await flip(question.getByRole("switch", { name: "Required" }));
  await page.getByRole("button", { name: "Save advanced settings" }).click();
  await expect(toastWith(page, "Event type saved")).toBeVisible();
  await question.getByRole("textbox", { name: "Question 1", exact: true }).fill("What should we prepare first?");
  await page.getByRole("button", { name: "Save advanced settings" }).click();
  await expect(toastWith(page, "Event type saved").last()).toBeVisible();
  await expect
    .poll(async () => JSON.stringify((await db.eventType.findUniqueOrThrow({ where: { id: created.id } })).bookingFields))
    .toContain("What should we prepare first?");

  const stored = await db.eventType.findUniqueOrThrow({ where: { id: created.id } });
  expect({ length: stored.lengthInMinutes, requiresConfirmation: stored.requiresConfirmation }).toEqual({ length: 60, requiresConfirmation: true });
  expect(stored.bookingFields).toEqual(
    expect.arrayContaining([expect.objectContaining({ type: "text", label: "What should we prepare first?", required: true })]),
  );

  await page.goto(`/${host.username}/strategy-session`);
  await expect(page.getByText("60 minutes")).toBeVisible();
  await expect(page.getByText("The host confirms each booking.")).toBeVisible();
  await slotButton(page, utcAt(1, 10)).click();
  await expect(page.getByLabel(/What should we prepare first\?/)).toBeVisible();
});

test("a slug the user already has is refused on the slug field, and nothing is created", async ({ page }) => {
  const { host, eventType } = await makeHostWithEventType();
  await logInAt(page, "/event-types", host.email);
  await page.getByRole("button", { name: "New event type in Your event types" }).click();
  const dialog = page.getByRole("dialog", { name: "New event type" });
  await dialog.getByLabel("Title").fill("Another intro");
  await dialog.getByLabel("URL slug").fill(eventType.slug);
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(dialog.getByLabel("URL slug")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByText("Slug already in use")).toBeVisible();
  await expect(dialog.getByLabel("URL slug")).toBeFocused();
  expect(await db.eventType.count({ where: { userId: host.id } })).toBe(1);
});

test("duplicate, hide, copy the link and delete from the list", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const { host, eventType } = await makeHostWithEventType({ eventType: { lengthInMinutes: 20, beforeEventBuffer: 5 } });
  await logInAt(page, "/event-types", host.email);
  const row = personalList(page).getByRole("listitem", { name: "Intro call", exact: true });

  await row.getByRole("button", { name: "Copy link" }).click();
  await expect(toastWith(page, "Link copied")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/${host.username}/${eventType.slug}`);

  await row.getByRole("button", { name: "Duplicate" }).click();
  const dialog = page.getByRole("dialog", { name: "Duplicate “Intro call”" });
  await expect(dialog.getByLabel("Title")).toHaveValue("Intro call (copy)");
  await dialog.getByRole("button", { name: "Duplicate" }).click();
  const copyRow = personalList(page).getByRole("listitem", { name: "Intro call (copy)" });
  await expect(copyRow).toBeVisible();
  const copy = await db.eventType.findFirstOrThrow({ where: { userId: host.id, slug: "intro-call-copy" } });
  expect({ length: copy.lengthInMinutes, buffer: copy.beforeEventBuffer }).toEqual({ length: 20, buffer: 5 });

  await flip(row.getByRole("switch", { name: "Hidden" }));
  await expect(toastWith(page, "“Intro call” is hidden")).toBeVisible();
  await expect(row.getByRole("switch", { name: "Hidden" })).toBeChecked();
  expect((await db.eventType.findUniqueOrThrow({ where: { id: eventType.id } })).hidden).toBe(true);
  const profile = await page.context().newPage();
  await profile.goto(`/${host.username}`);
  await expect(profile.getByRole("link", { name: /Intro call \(copy\)/ })).toBeVisible();
  await expect(profile.getByRole("link", { name: /^Intro call\b(?! \(copy\))/ })).toHaveCount(0);
  await profile.close();

  await copyRow.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog", { name: "Delete “Intro call (copy)”?" }).getByRole("button", { name: "Delete event type" }).click();
  await expect(toastWith(page, "“Intro call (copy)” deleted")).toBeVisible();
  await expect(copyRow).toHaveCount(0);
  expect(await db.eventType.count({ where: { userId: host.id } })).toBe(1);
});

test("a team event type's hosts and priorities by its owner; a plain member sees the team's event types read-only", async ({ page, browser }) => {
  const { host: owner } = await makeHostWithEventType();
  const mate = await makeUser({ name: "Grace Mate" });
  const team = await db.team.create({ data: { name: "Crew", slug: `crew-${owner.id}` } });
  await db.membership.createMany({
    data: [
      { teamId: team.id, userId: owner.id, role: "OWNER" as const, accepted: true },
      { teamId: team.id, userId: mate.id, role: "MEMBER" as const, accepted: true },
    ],
  });

  await logInAt(page, "/event-types", owner.email);
  await page.getByRole("button", { name: "New event type in Crew" }).click();
  const dialog = page.getByRole("dialog", { name: "New team event type" });
  await dialog.getByLabel("Title").fill("Team sync");
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Team sync" })).toBeVisible();
  const eventType = await db.eventType.findFirstOrThrow({ where: { teamId: team.id, slug: "team-sync" } });
  expect(eventType.schedulingType).toBe("ROUND_ROBIN");
  expect(await db.eventTypeHost.count({ where: { eventTypeId: eventType.id } })).toBe(2);

  await page.getByRole("tab", { name: "Hosts" }).click();
  await flip(page.getByRole("switch", { name: /Every team member hosts it/ }));
  await flip(page.getByRole("switch", { name: `${owner.name} hosts` }));
  await flip(page.getByRole("switch", { name: "Grace Mate hosts" }));
  await choose(page, /Priority of Grace Mate/, "Highest");
  await flip(page.getByRole("listitem", { name: owner.name, exact: true }).getByRole("switch", { name: "On every booking" }));
  await page.getByRole("button", { name: "Save hosts" }).click();
  await expect(toastWith(page, "Hosts saved")).toBeVisible();
  const hosts = await db.eventTypeHost.findMany({ where: { eventTypeId: eventType.id }, orderBy: { userId: "asc" } });
  expect(hosts.map(({ userId, isFixed, priority }) => ({ userId, isFixed, priority }))).toEqual([
    { userId: owner.id, isFixed: true, priority: 2 },
    { userId: mate.id, isFixed: false, priority: 4 },
  ]);
  expect((await db.eventType.findUniqueOrThrow({ where: { id: eventType.id } })).assignAllTeamMembers).toBe(false);

  const mateContext = await browser.newContext({ timezoneId: "UTC", locale: "en-US" });
  const matePage = await mateContext.newPage();
  await logInAt(matePage, "/event-types", mate.email);
  const crew = matePage.getByRole("list", { name: /Crew/ });
  await expect(crew.getByRole("listitem", { name: "Team sync" })).toBeVisible();
  await expect(crew.getByRole("button", { name: "Delete" })).toHaveCount(0);
  await expect(matePage.getByRole("button", { name: "New event type in Crew" })).toHaveCount(0);
  await expect(matePage.getByText("Owners and admins of this team edit its event types")).toBeVisible();
  await mateContext.close();
});
