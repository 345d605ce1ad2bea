/**
 * Teams in Chromium, end to end: A logs in and creates a team in /settings/teams, invites B; B opens the link from
 * the mail the SMTP catcher received, signs up through onboarding, comes back and accepts; A sees B as a member;
 * a visitor books the team's round-robin event type (A and B as hosts) on /team/{teamSlug}/{slug}.
 */
import { randomBytes } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { DEFAULT_PASSWORD, makeUser, uniqueEmail } from "../../prisma/factories";
import { attendee } from "../../prisma/scheduling-factories";
import { db, disconnectDb } from "../../server/db/client";
import { expect, test } from "../support/fixtures";
import { mailsTo } from "../support/mail-catcher";

test.afterAll(() => disconnectDb());
test.use({ timezoneId: "UTC", locale: "en-US" });

async function logIn(page: Page, email: string, password: string, callbackUrl: string) {
  await page.goto(`/auth/login?callbackUrl=${encodeURIComponent(callbackUrl)}`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL(callbackUrl);
}

/** The path of the invitation link in the `count`th mail to `email` that names the team, once it has arrived. */
async function invitationPathMailedTo(email: string, teamName: string, count = 1): Promise<string> {
  const mailsAbout = () => mailsTo(email).filter((mail) => mail.subject.includes(teamName));
  await expect.poll(() => mailsAbout().length, { timeout: 15_000 }).toBe(count);
  const link = /https?:\/\/\S+\/teams\/invitations\/[A-Za-z0-9_-]+/.exec(mailsAbout().at(-1)!.text)?.[0];
  expect(link).toBeTruthy();
  return new URL(link!).pathname;
}

async function newPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, timezoneId: "UTC", locale: "en-US" });
  return context.newPage();
}

test("create a team, invite, the invitee signs up and accepts, a visitor books the team's round-robin event", async ({ page, browser, baseURL }) => {
  const tag = randomBytes(3).toString("hex");
  const alice = await makeUser({ name: "Alice Owner" });
  const bobEmail = uniqueEmail("bob");
  const teamName = `Support ${tag}`;
  const teamSlug = `support-${tag}`;

  // A creates the team and invites B.
  await logIn(page, alice.email, alice.password, "/settings/teams");
  await expect(page.getByText("You are not in any team yet.")).toBeVisible();
  await page.getByLabel("Team name").fill(teamName);
  await page.getByLabel("Slug (optional)").fill(teamSlug);
  await page.getByRole("button", { name: "Create team" }).click();
  await page.waitForURL(/\/settings\/teams\/\d+$/);
  const teamId = Number(page.url().split("/").at(-1));
  await expect(page.getByRole("heading", { name: teamName, level: 1 })).toBeVisible();
  await expect(page.getByTestId("member-row")).toHaveCount(1);

  const invite = page.getByRole("form", { name: "Invite someone" });
  await invite.getByLabel("E-mail").fill(bobEmail);
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${bobEmail}.`)).toBeVisible();
  await expect(page.getByTestId("invitation-row").filter({ hasText: bobEmail })).toBeVisible();
  // The same address again is the service's 409, shown as it says it.
  await invite.getByLabel("E-mail").fill(bobEmail);
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("form", { name: "Invite someone" }).getByRole("alert").filter({ hasText: "already has a pending invitation" })).toBeVisible();

  // B follows the mailed link, signs up through onboarding and comes back to accept.
  const invitationPath = await invitationPathMailedTo(bobEmail, teamName);
  const bob = await newPage(browser, baseURL);
  await bob.goto(invitationPath);
  await expect(bob.getByText(`Alice Owner invited ${bobEmail} to join ${teamName} as MEMBER.`)).toBeVisible();
  await bob.getByRole("link", { name: "Create an account" }).click();
  const account = bob.getByRole("form", { name: "Create your account" });
  await expect(account.getByLabel("E-mail")).toHaveValue(bobEmail);
  await account.getByLabel("Password").fill(DEFAULT_PASSWORD);
  await account.getByRole("button", { name: "Create account" }).click();
  const profile = bob.getByRole("form", { name: "Your profile" });
  await profile.getByLabel("Name", { exact: true }).fill("Bob Invitee");
  await profile.getByLabel("Username").fill(`bob${tag}`);
  await profile.getByLabel("Time zone").selectOption("UTC");
  await profile.getByRole("button", { name: "Continue" }).click();
  await bob.getByRole("button", { name: "Skip for now" }).click();
  await bob.waitForURL(invitationPath);
  await bob.getByRole("button", { name: "Accept invitation" }).click();
  await bob.waitForURL(`/settings/teams/${teamId}`);
  await expect(bob.getByText("you are MEMBER")).toBeVisible();

  // The link was single use.
  await bob.goto(invitationPath);
  await expect(bob.getByText("This invitation has already been accepted.")).toBeVisible();

  // A sees B as a member, with the pending invitation gone.
  await page.reload();
  await expect(page.getByTestId("member-row").filter({ hasText: bobEmail })).toContainText("MEMBER");
  await expect(page.getByText("No pending invitations.")).toBeVisible();
  // Roles change through the services' rules: B becomes ADMIN; the last owner cannot demote themselves.
  await page.getByLabel(`Role of ${bobEmail}`).selectOption("ADMIN");
  await expect.poll(async () => (await db.membership.findFirst({ where: { teamId, user: { email: bobEmail } } }))?.role).toBe("ADMIN");
  await page.getByLabel(`Role of ${alice.email}`).selectOption("MEMBER");
  await expect(page.getByRole("alert").filter({ hasText: "last owner" })).toBeVisible();
  await expect(page.getByLabel(`Role of ${alice.email}`)).toHaveValue("OWNER");

  // A round-robin event type with A and B as hosts (the team event type API is not part of this flow).
  const bobUser = await db.user.findUniqueOrThrow({ where: { email: bobEmail }, select: { id: true } });
  const schedule = await db.schedule.create({
    data: {
      userId: alice.id,
      name: "Working hours",
      timeZone: "UTC",
      entries: { create: [{ days: [0, 1, 2, 3, 4, 5, 6], startMinute: 540, endMinute: 1020 }] },
    },
  });
  await db.user.update({ where: { id: alice.id }, data: { defaultScheduleId: schedule.id } });
  const eventType = await db.eventType.create({
    data: {
      teamId,
      title: "Support call",
      slug: "support-call",
      lengthInMinutes: 30,
      minimumBookingNotice: 0,
      schedulingType: "ROUND_ROBIN",
      hosts: { create: [{ userId: alice.id }, { userId: bobUser.id }] },
    },
  });

  // A visitor books it on the team's page.
  const visitor = await newPage(browser, baseURL);
  await visitor.goto(`/team/${teamSlug}/support-call`);
  await expect(visitor.getByRole("heading", { name: "Support call", level: 1 })).toBeVisible();
  await expect(visitor.getByText(teamName, { exact: true })).toBeVisible();
  const firstSlot = visitor.locator("button:has(time[datetime])").first();
  const start = await firstSlot.locator("time").getAttribute("datetime");
  await firstSlot.click();
  const guest = attendee("Vera Visitor");
  await visitor.getByLabel("Your name").fill(guest.name);
  await visitor.getByLabel("E-mail").fill(guest.email);
  await visitor.getByRole("button", { name: "Confirm booking" }).click();
  await expect(visitor.getByRole("heading", { name: "This meeting is scheduled" })).toBeVisible();

  const booking = await db.booking.findFirstOrThrow({ where: { eventTypeId: eventType.id }, select: { start: true, hosts: { select: { userId: true } } } });
  expect(booking.start.toISOString()).toBe(new Date(start!).toISOString());
  expect(booking.hosts).toHaveLength(1);
  expect([alice.id, bobUser.id]).toContain(booking.hosts[0]!.userId);

  await visitor.goto(`/team/${teamSlug}/no-such-event`);
  await expect(visitor.getByRole("heading", { name: "This booking page does not exist" })).toBeVisible();

  // A removes B: the team keeps its owner only.
  await page.getByRole("button", { name: `Remove ${bobEmail}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove member" }).click();
  await expect(page.getByTestId("member-row")).toHaveCount(1);
  expect(await db.membership.count({ where: { teamId } })).toBe(1);
});

test("an invitation opened while logged in as someone else names the invited address; a dead link says so", async ({ page }) => {
  const [owner, stranger] = await Promise.all([makeUser(), makeUser()]);
  const invitedEmail = uniqueEmail("invited");
  const teamName = `Other ${randomBytes(3).toString("hex")}`;
  await logIn(page, owner.email, owner.password, "/settings/teams");
  await page.getByLabel("Team name").fill(teamName);
  await page.getByRole("button", { name: "Create team" }).click();
  await page.waitForURL(/\/settings\/teams\/\d+$/);
  const teamPage = page.url();
  const invite = page.getByRole("form", { name: "Invite someone" });
  await invite.getByLabel("E-mail").fill(invitedEmail);
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByTestId("invitation-row").filter({ hasText: invitedEmail })).toBeVisible();
  const invitationPath = await invitationPathMailedTo(invitedEmail, teamName);

  await page.getByRole("button", { name: `Revoke the invitation of ${invitedEmail}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke invitation" }).click();
  await expect(page.getByText("No pending invitations.")).toBeVisible();
  await page.goto(invitationPath);
  await expect(page.getByText("This invitation link is not valid")).toBeVisible();

  await page.goto(teamPage);
  await invite.getByLabel("E-mail").fill(invitedEmail);
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${invitedEmail}.`)).toBeVisible();
  const secondPath = await invitationPathMailedTo(invitedEmail, teamName, 2);
  expect(secondPath).not.toBe(invitationPath);

  await page.context().clearCookies();
  await logIn(page, stranger.email, stranger.password, secondPath);
  await expect(
    page.getByRole("alert").filter({ hasText: `This invitation was sent to ${invitedEmail}, but you are logged in as ${stranger.email}` }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Accept invitation" })).toHaveCount(0);
});
