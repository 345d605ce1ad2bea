/**
 * Organizations on the real database: creation (admin, operator, request → review), users created in the
 * organization, memberships and consent, one organization per user, org teams for org members only.
 */
import { afterAll, describe, expect, it, vi } from "vitest";
import { expectAppError } from "../../e2e/support/rejections";
import { joinTeam, tokenMailedTo } from "../../e2e/support/service-invitations";
import { makeUser, uniqueEmail } from "../../prisma/factories";
import { addMember, makeTeam } from "../../prisma/team-factories";
import { sessionActor } from "../auth/actor";
import { resetPassword } from "../auth/password-reset.service";
import { findUserByCredentials } from "../users/user.service";
import { db, disconnectDb } from "../db/client";
import { runPendingJobs } from "../jobs/workers";
import { createMembership, listMemberships } from "../teams/membership.service";
import { createOrgMembership, deleteOrgMembership, listOrgMemberships } from "./org-memberships.service";
import { createOrganizationTeam, moveTeamIntoOrganization } from "./org-structure.service";
import { createOrgUser, deleteOrgUser, listOrgUsers, updateOrgUser } from "./org-users.service";
import { listMyOrganizationRequests, requestOrganization, reviewOrganizationRequest } from "./organization-requests.service";
import { createOrganization, createOrganizationAsOperator, getOrganization } from "./organization.service";

afterAll(() => disconnectDb());
// Each test sends its queued mails through the job runner, which a busy machine makes slow.
vi.setConfig({ testTimeout: 90_000 });

const slug = (stem: string) => `${stem}-${Math.random().toString(36).slice(2, 10)}`;

async function orgWithOwner() {
  const owner = await makeUser();
  const org = await createOrganizationAsOperator({ name: "Acme", slug: slug("acme"), ownerEmail: owner.email });
  return { org, owner, actor: sessionActor(owner.id) };
}

/** The newest mail to `email` once the queued mails went out (no SMTP_URL: to the outbox). */
async function lastMailTo(email: string) {
  await runPendingJobs();
  return db.outboxMail.findFirst({ where: { to: email }, orderBy: { id: "desc" } });
}

describe("creating an organization", () => {
  it("an instance admin creates one naming its first owner, who is mailed and becomes its accepted OWNER", async () => {
    const admin = await makeUser({ role: "ADMIN" });
    const owner = await makeUser();
    const org = await createOrganization(sessionActor(admin.id), { name: "Globex", slug: slug("globex"), ownerEmail: owner.email.toUpperCase() });
    expect(org).toMatchObject({ name: "Globex", isOrganization: true });
    expect(await db.membership.findFirst({ where: { teamId: org.id, userId: owner.id }, select: { role: true, accepted: true } })).toEqual({
      role: "OWNER",
      accepted: true,
    });
    expect((await lastMailTo(owner.email))?.subject).toBe('You are the owner of the organization "Globex"');
    expect(await getOrganization(sessionActor(owner.id), org.id)).toMatchObject({ id: org.id, role: "OWNER" });
  });

  it("refuses a non-admin (403), an unknown owner (404 on ownerEmail) and a taken slug (409), creating nothing", async () => {
    const user = await makeUser();
    const taken = slug("taken");
    await expectAppError(createOrganization(sessionActor(user.id), { name: "No", slug: slug("no"), ownerEmail: user.email }), "FORBIDDEN");
    const admin = sessionActor((await makeUser({ role: "ADMIN" })).id);
    const unknown = await expectAppError(createOrganization(admin, { name: "No", slug: taken, ownerEmail: uniqueEmail("nobody") }), "NOT_FOUND");
    expect(unknown.details).toEqual([{ path: "ownerEmail", message: "No such user" }]);
    expect(await db.team.count({ where: { slug: taken } })).toBe(0);
    await makeTeam({ name: "Has the slug" }).then((team) => db.team.update({ where: { id: team.id }, data: { slug: taken } }));
    await expectAppError(createOrganization(admin, { name: "No", slug: taken, ownerEmail: user.email }), "CONFLICT");
    expect(await db.membership.count({ where: { userId: user.id } })).toBe(0);
  });

  it("a user asks for one; the admins are mailed; accepting creates it with the requester as OWNER and mails them", async () => {
    const admin = await makeUser({ role: "ADMIN" });
    const requester = await makeUser({ name: "Rita Requester" });
    const wanted = slug("initech");
    const request = await requestOrganization(sessionActor(requester.id), { name: "Initech", slug: wanted });
    expect(request.status).toBe("PENDING");
    expect((await lastMailTo(admin.email))?.text).toContain("Rita Requester");
    await expectAppError(requestOrganization(sessionActor(requester.id), { name: "Again", slug: slug("again") }), "CONFLICT");
    await expectAppError(reviewOrganizationRequest(sessionActor(requester.id), { requestId: request.id, decision: "ACCEPT" }), "FORBIDDEN");

    const reviewed = await reviewOrganizationRequest(sessionActor(admin.id), { requestId: request.id, decision: "ACCEPT" });
    expect(reviewed).toMatchObject({ status: "ACCEPTED", organizationId: expect.any(Number) });
    const org = await getOrganization(sessionActor(requester.id), reviewed.organizationId!);
    expect(org).toMatchObject({ slug: wanted, role: "OWNER" });
    expect((await lastMailTo(requester.email))?.subject).toBe('Your organization "Initech" was created');
    await expectAppError(reviewOrganizationRequest(sessionActor(admin.id), { requestId: request.id, decision: "ACCEPT" }), "CONFLICT");
  });

  it("a rejection carries its reason to the requester and creates nothing", async () => {
    const admin = await makeUser({ role: "ADMIN" });
    const requester = await makeUser();
    const request = await requestOrganization(sessionActor(requester.id), { name: "Nope", slug: slug("nope") });
    await reviewOrganizationRequest(sessionActor(admin.id), { requestId: request.id, decision: "REJECT", reason: "Use your team instead" });
    expect((await lastMailTo(requester.email))?.text).toContain("Reason: Use your team instead");
    expect(await listMyOrganizationRequests(sessionActor(requester.id))).toMatchObject([{ status: "REJECTED", rejectionReason: "Use your team instead" }]);
    expect(await db.team.count({ where: { slug: request.slug } })).toBe(0);
  });
});

describe("users created in the organization", () => {
  it("belong to it at once, get a default schedule and a mailed link to set their password", async () => {
    const { org, actor } = await orgWithOwner();
    const email = uniqueEmail("created");
    const user = await createOrgUser(actor, org.id, { email, name: "Carl Created", organizationRole: "ADMIN" });
    expect(user).toMatchObject({ email, name: "Carl Created", profile: { organizationId: org.id, role: "ADMIN", createdInOrganization: true } });
    const row = await db.user.findUniqueOrThrow({ where: { id: user.id }, select: { createdInOrganizationId: true, defaultScheduleId: true } });
    expect(row.createdInOrganizationId).toBe(org.id);
    expect(row.defaultScheduleId).not.toBeNull();
    const mail = await lastMailTo(email);
    const token = /\/auth\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? "")?.[1];
    expect(token, mail?.text).toBeDefined();
    await resetPassword({ token: token!, password: "a brand new password" });
    expect(await findUserByCredentials(email, "a brand new password")).toMatchObject({ id: user.id });
    expect((await listOrgUsers(actor, org.id, { take: 10, skip: 0, emails: [email] })).items.map((item) => item.id)).toEqual([user.id]);
  });

  it("an address that already has an account is a 409 on body.email, and nothing is created or mailed", async () => {
    const { org, actor } = await orgWithOwner();
    const existing = await makeUser();
    const error = await expectAppError(createOrgUser(actor, org.id, { email: existing.email }), "CONFLICT");
    expect(error.details).toEqual([expect.objectContaining({ path: "body.email" })]);
    expect(await db.membership.count({ where: { teamId: org.id, userId: existing.id } })).toBe(0);
    expect(await lastMailTo(existing.email)).toBeNull();
  });

  it("the admins update and delete the accounts they created; a member who joined by invitation is only removed", async () => {
    const { org, actor } = await orgWithOwner();
    const created = await createOrgUser(actor, org.id, { email: uniqueEmail("managed") });
    expect(await updateOrgUser(actor, org.id, created.id, { name: "Renamed" })).toMatchObject({ name: "Renamed" });
    const joiner = await makeUser();
    await joinTeam(actor, org.id, joiner);
    await expectAppError(updateOrgUser(actor, org.id, joiner.id, { name: "Not yours" }), "FORBIDDEN");

    await deleteOrgUser(actor, org.id, joiner.id);
    expect(await db.user.count({ where: { id: joiner.id } })).toBe(1);
    expect(await db.membership.count({ where: { teamId: org.id, userId: joiner.id } })).toBe(0);
    await deleteOrgUser(actor, org.id, created.id);
    expect(await db.user.count({ where: { id: created.id } })).toBe(0);
  });
});

describe("memberships are consent", () => {
  it("an outside user is only invited: pending, listed without a profile, absent from the users, until they accept", async () => {
    const { org, actor } = await orgWithOwner();
    const outsider = await makeUser({ name: "Olga Outside" });
    // The peer's admins ask with accepted: true: read as the invitation it can be.
    const pending = await createOrgMembership(actor, org.id, { userId: outsider.id, accepted: true });
    expect(pending).toMatchObject({ accepted: false, user: { email: "" }, attributes: [], invitation: { status: "pending", acceptedRequested: true } });
    expect((await listOrgUsers(actor, org.id, { take: 100, skip: 0 })).items.map((user) => user.id)).not.toContain(outsider.id);
    const listed = (await listOrgMemberships(actor, org.id, { take: 100, skip: 0 })).items.find((item) => item.userId === outsider.id);
    expect(listed).toMatchObject({ accepted: false, user: { email: "" } });

    const { acceptInvitation } = await import("../teams/invitation-accept");
    await acceptInvitation(sessionActor(outsider.id), await tokenMailedTo(outsider.email));
    expect((await listOrgUsers(actor, org.id, { take: 100, skip: 0 })).items.map((user) => user.id)).toContain(outsider.id);
  });

  it("the admins add users they created to the organization's teams directly; anyone else only by invitation", async () => {
    const { org, actor } = await orgWithOwner();
    const team = await createOrganizationTeam(actor, org.id, { name: "Sales" });
    const created = await createOrgUser(actor, org.id, { email: uniqueEmail("direct") });
    expect(await createMembership(actor, team.id, { userId: created.id, accepted: true })).toMatchObject({ accepted: true });
    const joiner = await makeUser();
    await joinTeam(actor, org.id, joiner);
    expect(await createMembership(actor, team.id, { userId: joiner.id, accepted: true })).toMatchObject({
      accepted: false,
      invitation: { acceptedRequested: true },
    });
    expect(await db.membership.count({ where: { teamId: team.id, userId: joiner.id, accepted: true } })).toBe(0);
  });

  it("a user belongs to one organization at most: accepting a second one is a 409 and leaves them where they were", async () => {
    const first = await orgWithOwner();
    const second = await orgWithOwner();
    const user = await makeUser();
    await joinTeam(first.actor, first.org.id, user);
    await expectAppError(joinTeam(second.actor, second.org.id, user), "CONFLICT");
    expect(await db.membership.count({ where: { userId: user.id, accepted: true, team: { isOrganization: true } } })).toBe(1);
    await expectAppError(createOrganizationAsOperator({ name: "Third", slug: slug("third"), ownerEmail: user.email }), "CONFLICT");
  });

  it("a team of the organization admits only its members, and leaving the organization leaves its teams", async () => {
    const { org, actor } = await orgWithOwner();
    const team = await createOrganizationTeam(actor, org.id, { name: "Support" });
    const stranger = await makeUser();
    await expectAppError(joinTeam(actor, team.id, stranger), "CONFLICT");
    expect(await db.membership.count({ where: { teamId: team.id, userId: stranger.id, accepted: true } })).toBe(0);

    const member = await makeUser();
    const orgMembership = await joinTeam(actor, org.id, member);
    await joinTeam(actor, team.id, member);
    await deleteOrgMembership(actor, org.id, orgMembership.id);
    expect(await db.membership.count({ where: { userId: member.id } })).toBe(0);
  });

  it("an organization's plain members do not read its member list, through the organization or the team use cases", async () => {
    const { org, actor } = await orgWithOwner();
    const member = await makeUser();
    await joinTeam(actor, org.id, member);
    await expectAppError(listOrgMemberships(sessionActor(member.id), org.id, { take: 10, skip: 0 }), "FORBIDDEN");
    await expectAppError(listMemberships(sessionActor(member.id), org.id, { take: 10, skip: 0 }), "FORBIDDEN");
  });
});

describe("moving a team into the organization", () => {
  it("needs every member of the team in the organization, then the team is the organization's", async () => {
    const { org, owner, actor } = await orgWithOwner();
    const team = await makeTeam();
    await addMember(team.id, owner.id, "OWNER");
    const stranger = await makeUser();
    await addMember(team.id, stranger.id, "MEMBER");
    await expectAppError(moveTeamIntoOrganization(actor, org.id, team.id), "CONFLICT");
    expect((await db.team.findUniqueOrThrow({ where: { id: team.id } })).parentId).toBeNull();

    await db.membership.deleteMany({ where: { teamId: team.id, userId: stranger.id } });
    expect(await moveTeamIntoOrganization(actor, org.id, team.id)).toMatchObject({ id: team.id, parentId: org.id, organization: { id: org.id } });
  });

  it("needs the actor to administer both", async () => {
    const { org, actor } = await orgWithOwner();
    const team = await makeTeam();
    const teamOwner = await makeUser();
    await addMember(team.id, teamOwner.id, "OWNER");
    await expectAppError(moveTeamIntoOrganization(actor, org.id, team.id), "NOT_FOUND");
    await expectAppError(moveTeamIntoOrganization(sessionActor(teamOwner.id), org.id, team.id), "NOT_FOUND");
  });
});
