/**
 * Organizations over HTTP: an admin creates one → its owner adds users (created in the organization: a password link
 * is mailed; from outside: only invited) → lists memberships and users → /v2/me and /v2/teams carry the organization.
 * Outsiders get 404, plain members 403, an admin of another organization 404.
 */
import { makeApiKey, makeUser } from "../../prisma/factories";
import { sessionActor } from "../../server/auth/actor";
import { disconnectDb } from "../../server/db/client";
import { createOrganizationTeam } from "../../server/organizations/org-structure.service";
import { createOrganization } from "../../server/organizations/organization.service";
import { expect, test } from "../support/fixtures";
import { sentMailsTo } from "../support/sent-mail";
import { acceptPendingMembership } from "../support/service-invitations";

test.afterAll(() => disconnectDb());

const unique = () => Math.random().toString(36).slice(2, 10);
const bearer = async (userId: number) => ({ authorization: `Bearer ${await makeApiKey(userId)}` });

async function organizationOf(ownerEmail: string) {
  const admin = await makeUser({ role: "ADMIN" });
  return createOrganization(sessionActor(admin.id), { name: `Org ${unique()}`, slug: `org-${unique()}`, ownerEmail });
}

test("create an organization, add users, list its memberships and users", { tag: "@embedded" }, async ({ request }) => {
  const owner = await makeUser({ name: "Olive Owner" });
  const org = await organizationOf(owner.email);
  const ownerHeaders = await bearer(owner.id);

  const email = `created-${unique()}@example.test`;
  const created = await request.post(`/v2/organizations/${org.id}/users`, {
    headers: ownerHeaders,
    data: { email, name: "Cora Created", timeZone: "Europe/Paris" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const user = (await created.json()).data;
  expect(user).toMatchObject({
    email,
    name: "Cora Created",
    timeZone: "Europe/Paris",
    profile: { organizationId: org.id, role: "MEMBER", createdInOrganization: true },
  });
  await expect.poll(async () => (await sentMailsTo(email)).some((mail) => /\/auth\/reset-password\/cnv_pr_/.test(mail.text)), { timeout: 60_000 }).toBe(true);

  const again = await request.post(`/v2/organizations/${org.id}/users`, { headers: ownerHeaders, data: { email } });
  expect(again.status()).toBe(409);
  expect((await again.json()).error.details).toEqual([expect.objectContaining({ path: "body.email" })]);

  const outsider = await makeUser({ name: "Otto Outside" });
  const invited = await request.post(`/v2/organizations/${org.id}/memberships`, { headers: ownerHeaders, data: { userId: outsider.id } });
  expect(invited.status(), await invited.text()).toBe(201);
  expect((await invited.json()).data).toMatchObject({ userId: outsider.id, teamId: org.id, accepted: false, user: { email: "" }, attributes: [] });

  const memberships = await request.get(`/v2/organizations/${org.id}/memberships`, { headers: ownerHeaders });
  expect(memberships.status()).toBe(200);
  const body = await memberships.json();
  expect(body.pagination).toMatchObject({ totalItems: 3 });
  const byUser = Object.fromEntries(body.data.map((row: { userId: number }) => [row.userId, row]));
  expect(byUser[owner.id]).toMatchObject({ role: "OWNER", accepted: true, user: { email: owner.email } });
  expect(byUser[user.id]).toMatchObject({ role: "MEMBER", accepted: true, user: { email } });
  expect(byUser[outsider.id]).toMatchObject({ accepted: false, user: { email: "" } });

  // Nothing of the invited user reaches the organization before they accept.
  const users = await (await request.get(`/v2/organizations/${org.id}/users`, { headers: ownerHeaders })).json();
  expect(users.data.map((row: { id: number }) => row.id).sort()).toEqual([owner.id, user.id].sort());
  const filtered = await (await request.get(`/v2/organizations/${org.id}/users?emails=${encodeURIComponent(email)}`, { headers: ownerHeaders })).json();
  expect(filtered.data.map((row: { id: number }) => row.id)).toEqual([user.id]);
  await acceptPendingMembership(org.id, outsider.id);
  const afterAccept = await (await request.get(`/v2/organizations/${org.id}/users`, { headers: ownerHeaders })).json();
  expect(afterAccept.data.map((row: { id: number }) => row.id)).toContain(outsider.id);

  // /v2/me and /v2/teams carry the organization.
  const memberHeaders = await bearer(user.id);
  const me = (await (await request.get("/v2/me", { headers: memberHeaders })).json()).data;
  expect(me).toMatchObject({ organizationId: org.id, organization: { id: org.id, name: org.name, slug: org.slug, role: "MEMBER" } });
  const team = await createOrganizationTeam(sessionActor(owner.id), org.id, { name: "Sales" });
  const teams = (await (await request.get("/v2/teams", { headers: ownerHeaders })).json()).data;
  expect(teams).toEqual([expect.objectContaining({ id: team.id, parentId: org.id, organization: { id: org.id, name: org.name, slug: org.slug } })]);

  // A plain member: 403 naming the roles; an outsider: 404.
  const asMember = await request.get(`/v2/organizations/${org.id}/memberships`, { headers: memberHeaders });
  expect(asMember.status()).toBe(403);
  expect((await asMember.json()).error.message).toContain("OWNER or ADMIN");
  const stranger = await makeUser();
  const asStranger = await request.get(`/v2/organizations/${org.id}/users`, { headers: await bearer(stranger.id) });
  expect(asStranger.status()).toBe(404);
  expect((await asStranger.json()).error.message).toBe("Organization not found");
});

test("an admin of one organization is refused on another's memberships and users: 404", { tag: "@embedded" }, async ({ request }) => {
  const [ownerA, ownerB] = await Promise.all([makeUser(), makeUser()]);
  const [orgA, orgB] = await Promise.all([organizationOf(ownerA.email), organizationOf(ownerB.email)]);
  const headersA = await bearer(ownerA.id);
  expect((await request.get(`/v2/organizations/${orgA.id}/users`, { headers: headersA })).status()).toBe(200);
  for (const [method, path, data] of [
    ["GET", `/v2/organizations/${orgB.id}/memberships`, undefined],
    ["GET", `/v2/organizations/${orgB.id}/users`, undefined],
    ["POST", `/v2/organizations/${orgB.id}/users`, { email: `sneaky-${unique()}@example.test` }],
    ["DELETE", `/v2/organizations/${orgB.id}/users/${ownerB.id}`, undefined],
  ] as const) {
    const response = await request.fetch(path, { method, headers: headersA, data });
    expect(response.status(), `${method} ${path}`).toBe(404);
    expect((await response.json()).error.message).toBe("Organization not found");
  }
  // A plain team id is no organization either.
  const { makeTeam, addMember } = await import("../../prisma/team-factories");
  const team = await makeTeam();
  await addMember(team.id, ownerA.id, "OWNER");
  expect((await request.get(`/v2/organizations/${team.id}/memberships`, { headers: headersA })).status()).toBe(404);
});
