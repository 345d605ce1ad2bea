/**
 * The organization's webhooks in the site (/settings/organizations/{orgId}, "Webhooks"): its owner creates one with
 * the account page's form (the secret shown once) and sees it listed as the organization's (as
 * GET /v2/organizations/{orgId}/webhooks lists it); a plain member gets no such section.
 */
import { randomBytes } from "node:crypto";
import { makeUser } from "../../prisma/factories";
import { addMember } from "../../prisma/team-factories";
import { sessionActor } from "../../server/auth/actor";
import { db, disconnectDb } from "../../server/db/client";
import { createOrganization } from "../../server/organizations/organization.service";
import { seriousAxeViolations } from "../support/axe-serious";
import { expect, test } from "../support/fixtures";
import { logInAt } from "../support/site";
import { webhookReceiverForFile } from "../support/webhook-receiver";

const receiver = webhookReceiverForFile();
test.afterAll(() => disconnectDb());

test("an organization's owner creates an organization webhook; a plain member sees none", async ({ page }) => {
  test.setTimeout(120_000);
  const tag = randomBytes(4).toString("hex");
  const [admin, owner, member] = [await makeUser({ role: "ADMIN" }), await makeUser(), await makeUser()];
  const org = await createOrganization(sessionActor(admin.id), { name: `Org ${tag}`, slug: `org-${tag}`, ownerEmail: owner.email });
  await addMember(org.id, member.id, "MEMBER");
  const url = receiver().url(`/org-${tag}`);

  const path = `/settings/organizations/${org.id}`;
  await logInAt(page, path, owner.email);
  const section = page.getByRole("region", { name: "Webhooks" });
  await expect(section.getByText("The organization has no webhooks yet.")).toBeVisible();
  await section.getByLabel("Subscriber URL").fill(url);
  await section.getByRole("button", { name: "Create webhook" }).click();
  expect(await section.getByLabel("Signing secret").inputValue()).toMatch(/^whsec_/);
  await expect(section.getByRole("listitem", { name: `Webhook ${url}` })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  expect(await db.webhook.findMany({ where: { teamId: org.id }, select: { subscriberUrl: true } })).toEqual([{ subscriberUrl: url }]);

  await page.context().clearCookies();
  await logInAt(page, path, member.email);
  await expect(page.getByRole("heading", { level: 1, name: org.name })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Webhooks" })).toHaveCount(0);
});
