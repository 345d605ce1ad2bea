/**
 * The invitation page for a membership added by user id (issue 19), in Chromium at a phone's width: the invitee
 * declines one team and accepts another; the page never shows the account's address to a visitor, the team's
 * owner sees the pending invitation by id (and then "declined") among the team's invitations, and axe finds nothing.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { makeApiKey, makeUser } from "../../prisma/factories";
import { disconnectDb } from "../../server/db/client";
import { expect, test } from "../support/fixtures";
import { mailsTo } from "../support/mail-catcher";

test.afterAll(() => disconnectDb());
test.use({ viewport: { width: 390, height: 844 }, timezoneId: "UTC", locale: "en-US" });

async function logIn(page: Page, email: string, password: string, callbackUrl: string) {
  await page.goto(`/auth/login?callbackUrl=${encodeURIComponent(callbackUrl)}`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL(callbackUrl);
}

async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** A team of `owner`'s, made over /v2, with `userId` added: an invitation by id, mailed to that account. */
async function teamInviting(owner: { id: number }, userId: number, name: string) {
  const headers = { authorization: `Bearer ${await makeApiKey(owner.id)}`, "content-type": "application/json" };
  const base = process.env.E2E_BASE_URL;
  const team = await (await fetch(`${base}/v2/teams`, { method: "POST", headers, body: JSON.stringify({ name }) })).json();
  const added = await fetch(`${base}/v2/teams/${team.data.id}/memberships`, { method: "POST", headers, body: JSON.stringify({ userId }) });
  expect(added.status).toBe(201);
  return team.data.id as number;
}

async function invitationPathMailedTo(email: string, teamName: string) {
  await expect.poll(() => mailsTo(email).some((mail) => mail.subject.includes(teamName)), { timeout: 15_000 }).toBe(true);
  const text = mailsTo(email).find((mail) => mail.subject.includes(teamName))!.text;
  return new URL(/https?:\/\/\S+\/teams\/invitations\/[A-Za-z0-9_-]+/.exec(text)![0]).pathname;
}

test("an invitation by id: a visitor sees no address, the invitee declines one team and accepts another, the owner sees the answer", async ({
  page,
  browser,
  baseURL,
}) => {
  const [owner, invitee] = await Promise.all([makeUser({ name: "Oscar Owner" }), makeUser({ name: "Ines Invitee" })]);
  const tag = String(invitee.id);
  const declinedTeam = await teamInviting(owner, invitee.id, `Declined ${tag}`);
  await teamInviting(owner, invitee.id, `Accepted ${tag}`);
  const declinePath = await invitationPathMailedTo(invitee.email, `Declined ${tag}`);
  const acceptPath = await invitationPathMailedTo(invitee.email, `Accepted ${tag}`);

  // Signed out: who invites, but not whom (the link may have been passed on); only logging in answers it.
  await page.goto(declinePath);
  await expect(page.getByText(`Oscar Owner invited you to join Declined ${tag} as MEMBER.`)).toBeVisible();
  await expect(page.getByText(invitee.email)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Create an account" })).toHaveCount(0);
  await expectAccessible(page);

  await logIn(page, invitee.email, invitee.password, declinePath);
  await expect(page.getByRole("button", { name: "Accept invitation" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Decline" }).click();
  await expect(page.getByText("This invitation has been declined.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Accept invitation" })).toHaveCount(0);

  await page.goto(acceptPath);
  await page.getByRole("button", { name: "Accept invitation" }).click();
  await page.waitForURL(/\/settings\/teams\/\d+$/);
  await expect(page.getByText("you are MEMBER")).toBeVisible();

  // The owner's team page lists the declined invitation by the id they gave, never the invitee's address.
  const ownerPage = await (await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } })).newPage();
  await logIn(ownerPage, owner.email, owner.password, `/settings/teams/${declinedTeam}`);
  const row = ownerPage.getByTestId("invitation-row");
  await expect(row).toContainText(`User #${invitee.id}`);
  await expect(row).toContainText("declined");
  await expect(ownerPage.getByText(invitee.email)).toHaveCount(0);
  await expectAccessible(ownerPage);
});

test("an invitation by id opened by another account says so without naming the invited one", async ({ page }) => {
  const [owner, invitee, stranger] = await Promise.all([makeUser(), makeUser(), makeUser()]);
  await teamInviting(owner, invitee.id, `Other ${invitee.id}`);
  const path = await invitationPathMailedTo(invitee.email, `Other ${invitee.id}`);
  await logIn(page, stranger.email, stranger.password, path);
  await expect(page.getByRole("alert").filter({ hasText: "This invitation was sent to another Convene account" })).toBeVisible();
  await expect(page.getByText(invitee.email)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Accept invitation" })).toHaveCount(0);
  await expectAccessible(page);
});
