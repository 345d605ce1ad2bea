/**
 * Organizations in the site: an instance admin creates one naming its first owner, who manages it at
 * /settings/organizations/{orgId}; a user asks for one at /settings/organizations/new, an admin accepts it and the
 * requester finds their organization. Each page is checked with axe (serious and critical findings).
 */
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { DEFAULT_PASSWORD, makeUser } from "../../prisma/factories";
import { seriousAxeViolations } from "../support/axe-serious";
import { expect, test } from "../support/fixtures";
import { mailsTo } from "../support/mail-catcher";
import { logInAt } from "../support/site";

const unique = () => randomBytes(3).toString("hex");

async function logOut(page: Page) {
  await page.context().clearCookies();
}

test("an admin creates an organization for its first owner, who manages it and creates a team in it", async ({ page }) => {
  const admin = await makeUser({ role: "ADMIN" });
  const owner = await makeUser({ name: "Olivia Owner" });
  const name = `Umbrella ${unique()}`;
  const slug = `umbrella-${unique()}`;

  await logInAt(page, "/settings/admin/organizations", admin.email);
  expect(await seriousAxeViolations(page)).toEqual([]);
  const form = page.getByRole("form", { name: "Create an organization" });
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Slug").fill(slug);
  await form.getByLabel("First owner's e-mail").fill(owner.email);
  await form.getByRole("button", { name: "Create organization" }).click();
  await expect(page.getByTestId("organization-row").filter({ hasText: name })).toBeVisible();
  await expect.poll(() => mailsTo(owner.email).some((mail) => mail.subject.includes(name)), { timeout: 60_000 }).toBe(true);

  await logOut(page);
  await page.goto(`/auth/login?callbackUrl=${encodeURIComponent("/settings/organizations")}`);
  await page.getByLabel("E-mail").fill(owner.email);
  await page.getByLabel("Password").fill(DEFAULT_PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/settings\/organizations\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByTestId("member-row").filter({ hasText: "Olivia Owner" })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);

  const teamForm = page.getByRole("form", { name: "Create a team in the organization" });
  await teamForm.getByLabel("Team name").fill("Research");
  await teamForm.getByRole("button", { name: "Create team" }).click();
  await expect(page.getByTestId("org-team").filter({ hasText: "Research" })).toBeVisible();
});

test("a user asks for an organization, an admin accepts it, and the requester owns it", async ({ page }) => {
  const admin = await makeUser({ role: "ADMIN" });
  const requester = await makeUser({ name: "Rory Requester" });
  const name = `Hooli ${unique()}`;
  const slug = `hooli-${unique()}`;

  await logInAt(page, "/settings/organizations/new", requester.email);
  expect(await seriousAxeViolations(page)).toEqual([]);
  const form = page.getByRole("form", { name: "Ask for an organization" });
  await form.getByLabel("Organization name").fill(name);
  await form.getByLabel("Slug").fill("Not A Slug");
  await form.getByRole("button", { name: "Send request" }).click();
  await expect(form.getByText("The slug can hold only lowercase letters, digits and single hyphens")).toBeVisible();
  await form.getByLabel("Slug").fill(slug);
  await form.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByTestId("my-org-request").filter({ hasText: "waiting for review" })).toBeVisible();
  await expect.poll(() => mailsTo(admin.email).some((mail) => mail.text.includes(name)), { timeout: 60_000 }).toBe(true);

  await logOut(page);
  await logInAt(page, "/settings/admin/organizations", admin.email);
  const card = page.getByTestId("org-request").filter({ hasText: name });
  await expect(card).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await card.getByRole("button", { name: "Accept" }).click();
  await expect(page.getByTestId("organization-row").filter({ hasText: name })).toBeVisible();
  await expect.poll(() => mailsTo(requester.email).some((mail) => mail.subject.includes(`"${name}" was created`)), { timeout: 60_000 }).toBe(true);

  await logOut(page);
  await page.goto(`/auth/login?callbackUrl=${encodeURIComponent("/settings/organizations")}`);
  await page.getByLabel("E-mail").fill(requester.email);
  await page.getByLabel("Password").fill(DEFAULT_PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/settings\/organizations\/\d+$/);
  await expect(page.getByText("you are OWNER")).toBeVisible();
});
