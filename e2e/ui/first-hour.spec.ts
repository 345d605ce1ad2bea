/**
 * A new user's first hour: `/` signed out says what Convene is and leads in; signed in it is the scheduler's home
 * (what is next, the links to share, what is not set up yet). A new event type starts with a meeting link; a team
 * is managed completely on its page, and a member who cannot be booked is named there and in the Hosts tab; an
 * attendee's reschedule reads as such in the host's list; the settings open on the page at phone width.
 */
import { makeUser } from "../../prisma/factories";
import { makeHostWithEventType, utcAt } from "../../prisma/scheduling-factories";
import { addMember, makeTeamEventType } from "../../prisma/team-factories";
import { db, disconnectDb } from "../../server/db/client";
import { seriousAxeViolations } from "../support/axe-serious";
import { bookOverHttp, V } from "../support/bookings-http";
import { expect, test } from "../support/fixtures";
import { logInAt } from "../support/site";

test.afterAll(() => disconnectDb());
test.use({ timezoneId: "UTC", locale: "en-US" });

test("signed out, / says what Convene is and offers sign-up and log-in", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Convene" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign up free" })).toHaveAttribute("href", "/auth/signup");
  await expect(page.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/auth/login");
  expect(await seriousAxeViolations(page)).toEqual([]);
  expect((await page.request.get("/favicon.ico")).status()).toBe(200);
});

test("signed in, / is the home: what is next, the links to share, and what is not set up yet, each linked to its fix", async ({ page }) => {
  const { host, eventType } = await makeHostWithEventType();
  const booking = await bookOverHttp(page.request, eventType.id, utcAt(2, 10));
  await logInAt(page, "/auth/login", host.email, { landing: "/" });
  await expect(page.getByRole("heading", { level: 1, name: `Welcome, ${host.name}` })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Primary" })).toBeVisible();

  const upcoming = page.getByRole("region", { name: "Upcoming" });
  await expect(upcoming.getByRole("listitem")).toHaveCount(1);
  await expect(upcoming).toContainText("Intro call");
  expect(booking.uid).toBeTruthy();

  const eventTypes = page.getByRole("region", { name: "Your event types" });
  await expect(eventTypes.getByRole("button", { name: "Copy link to Intro call" })).toBeVisible();
  await expect(eventTypes).toContainText(`/${host.username}/${eventType.slug}`);

  const setup = page.getByRole("region", { name: "Not set up yet" });
  await expect(setup.getByRole("link", { name: "Connect a calendar" })).toHaveAttribute("href", "/settings/calendars");
  await expect(setup).toContainText("“Intro call” has no location");
  await expect(setup.getByRole("link", { name: "Add a location" })).toHaveAttribute("href", `/event-types/${eventType.id}`);
  await expect(setup).not.toContainText("no working hours");
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test("a user without hours is told on their home that nobody can book them", async ({ page }) => {
  const user = await makeUser();
  await db.user.update({ where: { id: user.id }, data: { onboardingStep: "COMPLETE" } });
  await logInAt(page, "/auth/login", user.email, { landing: "/" });
  const setup = page.getByRole("region", { name: "Not set up yet" });
  await expect(setup).toContainText("You have no working hours yet, so nobody can book you.");
  await expect(setup.getByRole("link", { name: "Set your hours" })).toHaveAttribute("href", "/availability");
  await expect(setup.getByRole("link", { name: "Create an event type" })).toBeVisible();
});

test("a new event type starts with the user's default video app, and the dialog says so", async ({ page }) => {
  const { host } = await makeHostWithEventType();
  await logInAt(page, "/event-types", host.email);
  await page.getByRole("button", { name: "New event type in Your event types" }).click();
  const dialog = page.getByRole("dialog", { name: "New event type" });
  await expect(dialog).toContainText("Bookings get a Jitsi Meet meeting link.");
  await dialog.getByLabel("Title").fill("Coffee chat");
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(page.getByRole("list", { name: "Locations" }).getByRole("listitem")).toHaveCount(1);
  const created = await db.eventType.findFirstOrThrow({ where: { userId: host.id, title: "Coffee chat" }, select: { locations: true } });
  expect(created.locations).toEqual([{ type: "integration", integration: "jitsi" }]);
});

test("a booking the attendee rescheduled reads Rescheduled, with a link to the new time", async ({ page }) => {
  const { host, eventType } = await makeHostWithEventType();
  const first = await bookOverHttp(page.request, eventType.id, utcAt(2, 10));
  const moved = await page.request.post(`/v2/bookings/${first.uid}/reschedule`, { headers: V, data: { start: utcAt(3, 11).toISOString() } });
  expect(moved.status()).toBe(201);
  const next = (await moved.json()).data as { uid: string };
  await logInAt(page, "/bookings/cancelled", host.email);
  const row = page.getByRole("list", { name: "Cancelled bookings" }).getByRole("listitem").first();
  await expect(row).toContainText("Rescheduled");
  await expect(row).not.toContainText("Cancelled");
  await expect(row.getByRole("link", { name: /See the new time/ })).toHaveAttribute("href", `/booking/${next.uid}`);
});

test("a team is complete on its page: renamed with its slug and bio, its event types linked, its unbookable member flagged, then deleted", async ({ page }) => {
  const { host } = await makeHostWithEventType();
  const idle = await makeUser({ name: "Idle Member" });
  const { team, eventType: teamEventType } = await makeTeamEventType({ hosts: 1, schedulingType: "ROUND_ROBIN" });
  await addMember(team.id, host.id, "OWNER");
  await addMember(team.id, idle.id, "MEMBER");
  await db.eventTypeHost.create({ data: { eventTypeId: teamEventType.id, userId: idle.id } });

  await logInAt(page, `/settings/teams/${team.id}`, host.email);
  await expect(page.getByTestId("unbookable-member")).toHaveText("Cannot be booked: has not set working hours yet");
  const eventTypes = page.getByRole("region", { name: "Event types" });
  await expect(eventTypes.getByRole("link", { name: teamEventType.title })).toHaveAttribute("href", `/event-types/${teamEventType.id}`);
  expect(await seriousAxeViolations(page)).toEqual([]);

  const profile = page.getByRole("form", { name: "Team profile" });
  await profile.getByLabel("Team name").fill("");
  await profile.getByLabel("Team name").blur();
  await expect(profile.getByLabel("Team name")).toHaveAccessibleDescription(/Enter the team's name/);
  await profile.getByLabel("Team name").fill("Night Walkers");
  await profile.getByLabel("Slug", { exact: true }).fill(`night-walkers-${team.id}`);
  await profile.getByLabel("Bio (optional)").fill("We walk at night.");
  await profile.getByRole("button", { name: "Save team" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Night Walkers" })).toBeVisible();
  expect(await db.team.findUniqueOrThrow({ where: { id: team.id }, select: { name: true, slug: true, bio: true } })).toEqual({
    name: "Night Walkers",
    slug: `night-walkers-${team.id}`,
    bio: "We walk at night.",
  });

  await page.goto(`/event-types/${teamEventType.id}?section=hosts`);
  await expect(page.getByRole("listitem", { name: "Idle Member" })).toContainText("Cannot be booked: has not set working hours yet");

  await page.goto(`/settings/teams/${team.id}`);
  await page.getByRole("button", { name: "Delete team" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete team" }).click();
  await expect(page).toHaveURL("/settings/teams");
  expect(await db.team.findUnique({ where: { id: team.id } })).toBeNull();
});

test("on a phone the settings open on the page, and the top navigation shows Settings", async ({ page }) => {
  const { host } = await makeHostWithEventType();
  await page.setViewportSize({ width: 390, height: 800 });
  await logInAt(page, "/settings/profile", host.email);
  await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeInViewport();
  await expect(page.getByRole("navigation", { name: "Primary" }).getByRole("link", { name: "Settings" })).toBeInViewport({ ratio: 1 });
  await page.locator("summary", { hasText: "Settings: Profile" }).click();
  await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Security" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Security" })).toBeVisible();
});
