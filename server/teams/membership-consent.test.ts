/**
 * Membership is consent (issue 19), on the real database, through the services every door (/v2, tRPC, the CLI) calls:
 * adding someone else is an invitation, nothing makes them an accepted member but their own answer, a pending
 * membership grants nothing, and an id that names nobody is answered like one that does.
 */
import { afterAll, describe, expect, it } from "vitest";
import { makeUser } from "../../prisma/factories";
import { addMember, makeTenancyWorld } from "../../prisma/team-factories";
import { expectAppError } from "../../e2e/support/rejections";
import { tokenMailedTo } from "../../e2e/support/service-invitations";
import { sessionActor } from "../auth/actor";
import { db, disconnectDb } from "../db/client";
import { createTeamEventType } from "../event-types/team-event-type.service";
import { createTeamMemberOutOfOffice, listTeamMemberOutOfOffice } from "../out-of-office/out-of-office.service";
import { listTeamSchedules } from "../schedules/schedule.service";
import { acceptInvitation, declineInvitation, findInvitation } from "./invitation-accept";
import { inviteToTeam, listPendingInvitations } from "./invitation.service";
import { createMembership, deleteMembership, getMembership, listMemberships, updateMembership } from "./membership.service";
import { teamRoleOf } from "./team-roles";

afterAll(() => disconnectDb());

const page = { take: 100, skip: 0 };
const acceptedMemberships = (teamId: number, userId: number) => db.membership.count({ where: { teamId, userId, accepted: true } });

async function worldWithStranger() {
  const world = await makeTenancyWorld();
  const stranger = await makeUser({ name: "Private Person" });
  // A member of the team's organization (its teams admit no one else), with no role that reaches the team through it.
  await addMember(world.org.id, stranger.id, "MEMBER");
  const schedule = await db.schedule.create({ data: { userId: stranger.id, name: "Mine", timeZone: "UTC" } });
  await db.outOfOffice.create({ data: { userId: stranger.id, start: new Date(Date.UTC(2031, 0, 1)), end: new Date(Date.UTC(2031, 0, 2)), notes: "Surgery" } });
  return { ...world, stranger, schedule, owner: sessionActor(world.users.owner.id) };
}

describe("adding someone else", () => {
  it("invites them by mail; until they accept, nothing of theirs is reachable through the team; accepting keeps the membership's id", async () => {
    const { team, stranger, schedule, owner } = await worldWithStranger();
    const pending = await createMembership(owner, team.id, { userId: stranger.id, role: "ADMIN" });
    expect(pending).toMatchObject({ userId: stranger.id, accepted: false, role: "ADMIN", user: { email: "" } });
    expect(JSON.stringify(await listMemberships(owner, team.id, page))).not.toContain(stranger.email);
    expect(JSON.stringify(await listMemberships(owner, team.id, page))).not.toContain("Private Person");

    expect(await teamRoleOf(sessionActor(stranger.id), team.id)).toBeNull();
    expect((await listTeamSchedules(owner, team.id, page)).items.map(({ id }) => id)).not.toContain(schedule.id);
    await expectAppError(listTeamMemberOutOfOffice(owner, team.id, stranger.id, { take: 10, skip: 0 }), "NOT_FOUND");
    const away = { start: "2031-02-01T00:00:00Z", end: "2031-02-02T00:00:00Z" };
    await expectAppError(createTeamMemberOutOfOffice(owner, team.id, stranger.id, away), "NOT_FOUND");
    const hosted = { title: "Call", slug: "call", lengthInMinutes: 30, schedulingType: "roundRobin" as const, hosts: [{ userId: stranger.id }] };
    await expectAppError(createTeamEventType(owner, team.id, hosted), "BAD_REQUEST");
    expect(await db.outOfOffice.count({ where: { userId: stranger.id } })).toBe(1);

    const token = await tokenMailedTo(stranger.email);
    const mail = await db.outboxMail.findFirstOrThrow({ where: { to: stranger.email }, orderBy: { id: "desc" } });
    expect(mail.text).toContain("Accept or decline");
    expect(mail.text).not.toContain("create one");
    expect(await findInvitation(token)).toMatchObject({ state: "PENDING", email: null, userId: stranger.id, role: "ADMIN", team: { id: team.id } });
    await acceptInvitation(sessionActor(stranger.id), token);
    expect(await getMembership(owner, team.id, pending.id)).toMatchObject({ id: pending.id, accepted: true, role: "ADMIN", user: { email: stranger.email } });
    expect(await teamRoleOf(sessionActor(stranger.id), team.id)).toBe("ADMIN");
    expect((await listTeamSchedules(owner, team.id, page)).items.map(({ id }) => id)).toContain(schedule.id);
  });

  it("reads a create's accepted: true for someone else as the invitation it can be, and says so", async () => {
    const { team, stranger, owner } = await worldWithStranger();
    const invited = await createMembership(owner, team.id, { userId: stranger.id, accepted: true, role: "ADMIN" });
    expect(invited).toMatchObject({
      userId: stranger.id,
      accepted: false,
      role: "ADMIN",
      user: { email: "" },
      invitation: { status: "pending", acceptedRequested: true, message: expect.stringContaining("accepted: true was read as an invitation") },
    });
    expect(await acceptedMemberships(team.id, stranger.id)).toBe(0);
    expect(await teamRoleOf(sessionActor(stranger.id), team.id)).toBeNull();
    const token = await tokenMailedTo(stranger.email);
    await acceptInvitation(sessionActor(stranger.id), token);
    expect(await getMembership(owner, team.id, invited.id)).toMatchObject({ id: invited.id, accepted: true, role: "ADMIN" });
    // Without accepted: true, the same invitation; the note says so without the first sentence.
    const other = await makeUser();
    await addMember((await db.team.findUniqueOrThrow({ where: { id: team.id }, select: { parentId: true } })).parentId!, other.id, "MEMBER");
    const plain = await createMembership(owner, team.id, { userId: other.id });
    expect(plain.invitation).toEqual({ status: "pending", acceptedRequested: false, message: expect.not.stringContaining("accepted: true") });
    // Read back, a membership carries no note: it answers the create only.
    expect(await getMembership(owner, team.id, plain.id)).not.toHaveProperty("invitation");
  });

  it("refuses accepted: true on an update from anyone but the user at every entry point, and changes nothing", async () => {
    const { team, stranger, owner, users } = await worldWithStranger();
    const pending = await createMembership(owner, team.id, { userId: stranger.id });
    await expectAppError(updateMembership(owner, team.id, pending.id, { accepted: true }), "BAD_REQUEST");
    await expectAppError(updateMembership(owner, team.id, pending.id, { accepted: true, role: "ADMIN" }), "BAD_REQUEST");
    expect(await getMembership(owner, team.id, pending.id)).toMatchObject({ accepted: false, role: "MEMBER" });
    // A membership written unaccepted before consent was required (the world's invited ADMIN), and one an admin suspended.
    const legacy = await db.membership.findUniqueOrThrow({ where: { teamId_userId: { teamId: team.id, userId: users.invited.id } } });
    await expectAppError(updateMembership(owner, team.id, legacy.id, { accepted: true }), "BAD_REQUEST");
    const member = await db.membership.findUniqueOrThrow({ where: { teamId_userId: { teamId: team.id, userId: users.member.id } } });
    await updateMembership(owner, team.id, member.id, { accepted: false });
    await expectAppError(updateMembership(owner, team.id, member.id, { accepted: true }), "BAD_REQUEST");
    // The link answers only for its invitee, never for the team's owner holding it.
    const token = await tokenMailedTo(stranger.email);
    await expectAppError(acceptInvitation(owner, token), "FORBIDDEN");
    await expectAppError(declineInvitation(owner, token), "FORBIDDEN");
    // The services check the actor's role themselves: a MEMBER calling one directly (the CLI, a procedure) is refused.
    await expectAppError(createMembership(sessionActor(users.orgMember.id), team.id, { userId: stranger.id }), "NOT_FOUND");
    await expectAppError(updateMembership(sessionActor(users.invited.id), team.id, legacy.id, { accepted: true }), "NOT_FOUND");

    for (const userId of [stranger.id, users.invited.id, users.member.id]) expect(await acceptedMemberships(team.id, userId)).toBe(0);
    expect(await teamRoleOf(owner, team.id)).toBe("OWNER");
  });

  it("answers an id that names nobody exactly as one that does: stored, listed, readable, revocable, only no mail", async () => {
    const { team, stranger, owner } = await worldWithStranger();
    const unknownId = 2_000_000_000 - team.id;
    const known = await createMembership(owner, team.id, { userId: stranger.id });
    const unknown = await createMembership(owner, team.id, { userId: unknownId });
    const shape = ({ id: _id, userId: _userId, ...rest }: typeof known) => rest;
    expect(shape(unknown)).toEqual(shape(known));
    const listed = (await listMemberships(owner, team.id, page)).items.filter(({ accepted }) => !accepted);
    expect(listed.map(({ userId }) => userId)).toEqual(expect.arrayContaining([stranger.id, unknownId]));
    const { invitation: _note, ...unknownAsRead } = unknown;
    expect(await getMembership(owner, team.id, unknown.id)).toEqual(unknownAsRead);
    const again = await expectAppError(createMembership(owner, team.id, { userId: unknownId }), "CONFLICT");
    const againKnown = await expectAppError(createMembership(owner, team.id, { userId: stranger.id }), "CONFLICT");
    expect(again.message).toBe(againKnown.message);
    expect(await deleteMembership(owner, team.id, unknown.id)).toEqual(unknownAsRead);
    await expectAppError(getMembership(owner, team.id, unknown.id), "NOT_FOUND");
    expect(await db.queuedMail.count({ where: { text: { contains: String(unknownId) } } })).toBe(0);
  });

  it("lets an OWNER change the role a pending membership offers, and revoking it kills the link", async () => {
    const { team, stranger, owner, users } = await worldWithStranger();
    const pending = await createMembership(owner, team.id, { userId: stranger.id });
    await expectAppError(updateMembership(sessionActor(users.admin.id), team.id, pending.id, { role: "OWNER" }), "FORBIDDEN");
    expect(await updateMembership(owner, team.id, pending.id, { role: "ADMIN" })).toMatchObject({ id: pending.id, role: "ADMIN", accepted: false });
    const token = await tokenMailedTo(stranger.email);
    expect(await findInvitation(token)).toMatchObject({ role: "ADMIN" });
    await deleteMembership(owner, team.id, pending.id);
    expect(await findInvitation(token)).toBeNull();
    await expectAppError(acceptInvitation(sessionActor(stranger.id), token), "NOT_FOUND");
    expect(await acceptedMemberships(team.id, stranger.id)).toBe(0);
  });

  it("pages through memberships, then pending ones", async () => {
    const { team, owner } = await worldWithStranger();
    const invited = await Promise.all([makeUser(), makeUser()]);
    for (const user of invited) await createMembership(owner, team.id, { userId: user.id });
    const all = await listMemberships(owner, team.id, page);
    expect(all.totalItems).toBe(6);
    const pages = [];
    for (let skip = 0; skip < 6; skip += 4) pages.push(...(await listMemberships(owner, team.id, { skip, take: 4 })).items);
    expect(pages).toEqual(all.items);
    expect(all.items.slice(-2).map(({ userId }) => userId)).toEqual(invited.map(({ id }) => id));
    expect((await listMemberships(owner, team.id, page, { pending: false })).items).toHaveLength(4);
  });
});

describe("the invitee's answer", () => {
  it("racing the team's revocation: both settle as if one ran first, never a deadlock", async () => {
    const { team, stranger, owner } = await worldWithStranger();
    const pending = await createMembership(owner, team.id, { userId: stranger.id });
    const token = await tokenMailedTo(stranger.email);
    const results = await Promise.allSettled([acceptInvitation(sessionActor(stranger.id), token), deleteMembership(owner, team.id, pending.id)]);
    // Revoked first: the link is gone. Accepted first: the id is the membership's now, and the DELETE removes it.
    expect(results[1]).toMatchObject({ status: "fulfilled" });
    if (results[0]!.status === "rejected") expect(["CONFLICT", "NOT_FOUND"]).toContain(results[0]!.reason.code);
    expect(await acceptedMemberships(team.id, stranger.id)).toBe(0);
  });

  it("declining grants nothing, shows as declined to the team, and blocks the link and a new invitation until revoked", async () => {
    const { team, stranger, owner } = await worldWithStranger();
    const pending = await createMembership(owner, team.id, { userId: stranger.id });
    const token = await tokenMailedTo(stranger.email);
    expect(await declineInvitation(sessionActor(stranger.id), token)).toEqual({ teamId: team.id });
    expect(await findInvitation(token)).toMatchObject({ state: "DECLINED" });
    expect((await expectAppError(acceptInvitation(sessionActor(stranger.id), token), "CONFLICT")).message).toMatch(/declined/);
    expect(await listPendingInvitations(owner, team.id)).toEqual([
      expect.objectContaining({ id: pending.id, userId: stranger.id, email: null, isDeclined: true }),
    ]);
    expect((await expectAppError(createMembership(owner, team.id, { userId: stranger.id }), "CONFLICT")).message).toMatch(/declined/);
    expect(await acceptedMemberships(team.id, stranger.id)).toBe(0);
  });

  it("an invitation by address is answered the same way, and an organization's admin may add themself", async () => {
    const { team, stranger, owner, users } = await worldWithStranger();
    await inviteToTeam(owner, team.id, { email: stranger.email });
    await declineInvitation(sessionActor(stranger.id), await tokenMailedTo(stranger.email));
    expect(await acceptedMemberships(team.id, stranger.id)).toBe(0);
    // Their own consent: the org's admin acts in the team already, and joins it as asked.
    const self = await createMembership(sessionActor(users.orgAdmin.id), team.id, { userId: users.orgAdmin.id, accepted: true });
    expect(self).toMatchObject({ accepted: true, user: { email: users.orgAdmin.email } });
  });

  it("accepting an invitation by address supersedes a membership row written unaccepted before consent was required", async () => {
    const { team, stranger, owner } = await worldWithStranger();
    await addMember(team.id, stranger.id, "MEMBER", false);
    await inviteToTeam(owner, team.id, { email: stranger.email });
    await acceptInvitation(sessionActor(stranger.id), await tokenMailedTo(stranger.email));
    expect(await acceptedMemberships(team.id, stranger.id)).toBe(1);
  });
});
