/**
 * Creating a user in the organization from the site (/settings/organizations/{orgId}, "Create a user"): the owner
 * gives an e-mail, a name and a time zone; the account belongs to the organization at once, and the person gets the
 * set-password link by mail (read through sent-mail.ts). An address that already has an account is refused on the
 * e-mail field, as POST /v2/organizations/{orgId}/users answers 409.
 */
import { randomBytes } from "node:crypto";
import { makeUser } from "../../prisma/factories";
import { sessionActor } from "../../server/auth/actor";
import { db, disconnectDb } from "../../server/db/client";
import { createOrganization } from "../../server/organizations/organization.service";
import { seriousAxeViolations } from "../support/axe-serious";
import { expect, test } from "../support/fixtures";
import { sentMailsTo } from "../support/sent-mail";
import { logInAt } from "../support/site";

test.afterAll(() => disconnectDb());

test("an organization's owner creates a user, who is mailed a set-password link; an existing account is refused on the e-mail field", async ({ page }) => {
  const tag = randomBytes(4).toString("hex");
  const [admin, owner, existing] = [await makeUser({ role: "ADMIN" }), await makeUser(), await makeUser()];
  const org = await createOrganization(sessionActor(admin.id), { name: `Org ${tag}`, slug: `org-${tag}`, ownerEmail: owner.email });

  await logInAt(page, `/settings/organizations/${org.id}`, owner.email);
  const form = page.getByRole("form", { name: "Create a user" });
  const email = `new-${tag}@example.test`;
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Name").fill("Nora New");
  const zone = form.getByRole("combobox", { name: "Time zone" });
  const lisbon = page.getByRole("option", { name: "Europe/Lisbon", exact: true });
  // Typed before the page hydrates, the letters reach the input but not the combo box: type again until it offers them.
  await expect(async () => {
    await zone.clear();
    await zone.pressSequentially("Lisbon");
    await expect(lisbon).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await lisbon.click();
  await form.getByRole("button", { name: "Create user" }).click();
  await expect(form.getByText(`We e-mailed ${email} a link to set a password.`)).toBeVisible();
  await expect(page.getByTestId("member-row").filter({ hasText: "Nora New" })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);

  const user = await db.user.findUniqueOrThrow({ where: { email }, select: { name: true, timeZone: true, createdInOrganizationId: true } });
  expect(user).toEqual({ name: "Nora New", timeZone: "Europe/Lisbon", createdInOrganizationId: org.id });
  await expect.poll(async () => (await sentMailsTo(email)).some((mail) => /\/auth\/reset-password\/cnv_pr_/.test(mail.text)), { timeout: 60_000 }).toBe(true);

  await form.getByLabel("E-mail").fill(existing.email);
  await form.getByRole("button", { name: "Create user" }).click();
  await expect(form.getByLabel("E-mail")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByText("An account uses this e-mail: invite it instead")).toBeVisible();
  expect(await db.membership.count({ where: { teamId: org.id, user: { email: existing.email } } })).toBe(0);
});
