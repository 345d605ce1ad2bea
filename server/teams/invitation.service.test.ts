/** Team invitations on the real database: hashed single-use tokens, expiry, duplicates, members, races. */
import { createHash } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { makeUser } from "../../prisma/factories";
import { addMember, makeTeam } from "../../prisma/team-factories";
import { expectAppError } from "../../e2e/support/rejections";
import { tokenMailedTo } from "../../e2e/support/service-invitations";
import { sessionActor } from "../auth/actor";
import { db, disconnectDb } from "../db/client";
import { SEND_MAIL_JOB } from "../mail/mail-queue";
import { acceptInvitation, findInvitation } from "./invitation-accept";
import { INVITATION_LIFETIME_DAYS, MAX_PENDING_INVITATIONS, inviteToTeam, listPendingInvitations, revokeInvitation } from "./invitation.service";

afterAll(() => disconnectDb());

const DAY_MS = 24 * 60 * 60 * 1000;

async function teamWithOwner() {
  const team = await makeTeam();
  const owner = await makeUser({ name: "Olive Owner" });
  await addMember(team.id, owner.id, "OWNER");
  return { team, owner, actor: sessionActor(owner.id) };
}

const uniqueAddress = () => `invitee-${Math.random().toString(36).slice(2)}@example.test`;

describe("inviteToTeam", () => {
  it("mails a link whose 256-bit token is stored only as its SHA-256, expiring in 7 days, and never returns it", async () => {
    const { team, actor } = await teamWithOwner();
    const email = uniqueAddress();
    const now = new Date();
    const invitation = await inviteToTeam(actor, team.id, { email: email.toUpperCase(), role: "ADMIN" }, now);
    expect(invitation).toEqual({ id: expect.any(Number), teamId: team.id, email, role: "ADMIN", expiresAt: expect.any(String), createdAt: expect.any(String) });
    expect(Date.parse(invitation.expiresAt) - now.getTime()).toBe(INVITATION_LIFETIME_DAYS * DAY_MS);
    const token = await tokenMailedTo(email);
    expect(Buffer.from(token.replace(/^cnv_ti_/, ""), "base64url").length).toBeGreaterThanOrEqual(32);
    const row = await db.teamInvitation.findUniqueOrThrow({ where: { id: invitation.id } });
    expect(row.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(token);
    const mail = await db.outboxMail.findFirstOrThrow({ where: { to: email } });
    expect(mail.subject).toBe(`Olive Owner invited you to join ${team.name} on Convene`);
  });

  it("queues its mail with the invitation, in a job that names only the queued row; a refused one queues nothing", async () => {
    const { team, actor } = await teamWithOwner();
    const email = uniqueAddress();
    await inviteToTeam(actor, team.id, { email });
    const [queued] = await db.queuedMail.findMany({ where: { to: email } });
    expect(queued?.text).toMatch(/\/teams\/invitations\/cnv_ti_/);
    const jobs = await db.$queryRawUnsafe<{ data: unknown }[]>(
      `SELECT data FROM pgboss.job WHERE name = $1 AND data->'mailIds' @> $2::jsonb`,
      SEND_MAIL_JOB,
      JSON.stringify([queued!.id]),
    );
    expect(jobs.map(({ data }) => data)).toEqual([{ mailIds: [queued!.id] }]);
    expect(await db.outboxMail.count({ where: { to: email } })).toBe(0);
    await expectAppError(inviteToTeam(actor, team.id, { email }), "CONFLICT");
    const token = await tokenMailedTo(email);
    expect(queued!.text).toContain(token);
    expect(await db.outboxMail.count({ where: { to: email } })).toBe(1);
    expect(await db.queuedMail.count({ where: { to: email } })).toBe(0);
  });

  it("refuses an accepted member and a live pending invitation with 409, and replaces an expired one", async () => {
    const { team, actor } = await teamWithOwner();
    const member = await makeUser();
    await addMember(team.id, member.id, "MEMBER");
    expect((await expectAppError(inviteToTeam(actor, team.id, { email: member.email }), "CONFLICT")).message).toMatch(/already a member/);
    const email = uniqueAddress();
    const first = await inviteToTeam(actor, team.id, { email });
    expect((await expectAppError(inviteToTeam(actor, team.id, { email }), "CONFLICT")).message).toMatch(/pending invitation/);
    const afterExpiry = new Date(Date.now() + (INVITATION_LIFETIME_DAYS + 1) * DAY_MS);
    const second = await inviteToTeam(actor, team.id, { email }, afterExpiry);
    expect(await db.teamInvitation.findMany({ where: { teamId: team.id, email }, select: { id: true } })).toEqual([{ id: second.id }]);
    expect(second.id).not.toBe(first.id);
  });

  it("lets only an OWNER invite an OWNER, an ADMIN invite others, and a MEMBER or an outsider nobody", async () => {
    const { team, actor } = await teamWithOwner();
    const [admin, member, outsider] = await Promise.all([makeUser(), makeUser(), makeUser()]);
    await addMember(team.id, admin.id, "ADMIN");
    await addMember(team.id, member.id, "MEMBER");
    await expectAppError(inviteToTeam(sessionActor(admin.id), team.id, { email: uniqueAddress(), role: "OWNER" }), "FORBIDDEN");
    expect(await inviteToTeam(sessionActor(admin.id), team.id, { email: uniqueAddress(), role: "ADMIN" })).toMatchObject({ role: "ADMIN" });
    await expectAppError(inviteToTeam(sessionActor(member.id), team.id, { email: uniqueAddress() }), "FORBIDDEN");
    await expectAppError(inviteToTeam(sessionActor(outsider.id), team.id, { email: uniqueAddress() }), "NOT_FOUND");
    expect(await inviteToTeam(actor, team.id, { email: uniqueAddress(), role: "OWNER" })).toMatchObject({ role: "OWNER" });
    expect(await db.teamInvitation.count({ where: { teamId: team.id } })).toBe(2);
  });

  it("makes exactly one invitation of two concurrent ones for the same address, the other a 409", async () => {
    const { team, actor } = await teamWithOwner();
    const email = uniqueAddress();
    const results = await Promise.allSettled([inviteToTeam(actor, team.id, { email }), inviteToTeam(actor, team.id, { email: email.toUpperCase() })]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((result) => result.status === "rejected");
    expect(refused?.reason).toMatchObject({ code: "CONFLICT" });
    expect(await db.teamInvitation.count({ where: { teamId: team.id } })).toBe(1);
  });

  it("caps a team's live pending invitations; expired ones do not count", async () => {
    const { team, owner, actor } = await teamWithOwner();
    const pending = (index: number, expiresAt: Date) => ({
      teamId: team.id,
      email: `capped-${index}-${team.id}@example.test`,
      tokenHash: `${team.id}-${index}-${expiresAt.getTime()}`,
      expiresAt,
      invitedById: owner.id,
    });
    const live = new Date(Date.now() + DAY_MS);
    await db.teamInvitation.createMany({ data: Array.from({ length: MAX_PENDING_INVITATIONS - 1 }, (_, index) => pending(index, live)) });
    await db.teamInvitation.create({ data: pending(-1, new Date(Date.now() - DAY_MS)) });
    await inviteToTeam(actor, team.id, { email: uniqueAddress() });
    const refusal = await expectAppError(inviteToTeam(actor, team.id, { email: uniqueAddress() }), "CONFLICT");
    expect(refusal.message).toContain(`${MAX_PENDING_INVITATIONS} pending invitations`);
    expect(await db.teamInvitation.count({ where: { teamId: team.id } })).toBe(MAX_PENDING_INVITATIONS + 1);
  });
});

describe("acceptInvitation", () => {
  it("makes the invited account a member with the invited role, once", async () => {
    const { team, actor } = await teamWithOwner();
    const invitee = await makeUser();
    await inviteToTeam(actor, team.id, { email: invitee.email, role: "ADMIN" });
    const token = await tokenMailedTo(invitee.email);
    expect(await findInvitation(token)).toMatchObject({ state: "PENDING", email: invitee.email, role: "ADMIN", team: { id: team.id, name: team.name } });
    expect(await acceptInvitation(sessionActor(invitee.id), token)).toEqual({ teamId: team.id, role: "ADMIN" });
    expect(await db.membership.findUniqueOrThrow({ where: { teamId_userId: { teamId: team.id, userId: invitee.id } } })).toMatchObject({
      role: "ADMIN",
      accepted: true,
    });
    expect((await expectAppError(acceptInvitation(sessionActor(invitee.id), token), "CONFLICT")).message).toMatch(/already been used/);
    expect(await findInvitation(token)).toMatchObject({ state: "USED" });
    expect(await db.teamInvitation.findFirstOrThrow({ where: { teamId: team.id } })).toMatchObject({ acceptedById: invitee.id });
  });

  it("makes the new member a host of the team's event types that assign every member", async () => {
    const { team, owner, actor } = await teamWithOwner();
    const everyone = await db.eventType.create({
      data: {
        teamId: team.id,
        title: "All hands",
        slug: `all-${Math.random().toString(36).slice(2)}`,
        lengthInMinutes: 30,
        schedulingType: "ROUND_ROBIN",
        assignAllTeamMembers: true,
        hosts: { create: [{ userId: owner.id }] },
      },
    });
    const invitee = await makeUser();
    await inviteToTeam(actor, team.id, { email: invitee.email });
    await acceptInvitation(sessionActor(invitee.id), await tokenMailedTo(invitee.email));
    const hosts = await db.eventTypeHost.findMany({ where: { eventTypeId: everyone.id }, select: { userId: true }, orderBy: { userId: "asc" } });
    expect(hosts.map(({ userId }) => userId)).toEqual([owner.id, invitee.id].sort((a, b) => a - b));
  });

  it("refuses another account naming the invited address, an expired link, and an unknown or revoked one", async () => {
    const { team, actor } = await teamWithOwner();
    const [invitee, someoneElse] = await Promise.all([makeUser(), makeUser()]);
    const invitation = await inviteToTeam(actor, team.id, { email: invitee.email });
    const token = await tokenMailedTo(invitee.email);
    const refusal = await expectAppError(acceptInvitation(sessionActor(someoneElse.id), token), "FORBIDDEN");
    expect(refusal.message).toContain(invitee.email);
    const later = new Date(Date.now() + (INVITATION_LIFETIME_DAYS + 1) * DAY_MS);
    expect(await findInvitation(token, later)).toMatchObject({ state: "EXPIRED" });
    expect((await expectAppError(acceptInvitation(sessionActor(invitee.id), token, later), "CONFLICT")).message).toMatch(/expired/);
    await expectAppError(acceptInvitation(sessionActor(invitee.id), `${token}x`), "NOT_FOUND");
    expect(await findInvitation("not a token!")).toBeNull();
    await revokeInvitation(actor, team.id, invitation.id);
    expect(await findInvitation(token)).toBeNull();
    await expectAppError(acceptInvitation(sessionActor(invitee.id), token), "NOT_FOUND");
    expect(await db.membership.count({ where: { teamId: team.id, userId: { in: [invitee.id, someoneElse.id] } } })).toBe(0);
  });

  it("gives two concurrent accepts of one link exactly one membership", async () => {
    const { team, actor } = await teamWithOwner();
    const invitee = await makeUser();
    await inviteToTeam(actor, team.id, { email: invitee.email });
    const token = await tokenMailedTo(invitee.email);
    const results = await Promise.allSettled([acceptInvitation(sessionActor(invitee.id), token), acceptInvitation(sessionActor(invitee.id), token)]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(results.find((result) => result.status === "rejected")?.reason).toMatchObject({ code: "CONFLICT" });
    expect(await db.membership.count({ where: { teamId: team.id, userId: invitee.id } })).toBe(1);
  });
});

describe("listing and revoking", () => {
  it("shows a team's pending invitations to its owners and admins only, and lets them revoke one", async () => {
    const { team, actor } = await teamWithOwner();
    const [member, outsider] = await Promise.all([makeUser(), makeUser()]);
    await addMember(team.id, member.id, "MEMBER");
    const invitation = await inviteToTeam(actor, team.id, { email: uniqueAddress() });
    expect((await listPendingInvitations(actor, team.id)).map((row) => row.id)).toEqual([invitation.id]);
    await expectAppError(listPendingInvitations(sessionActor(member.id), team.id), "FORBIDDEN");
    await expectAppError(listPendingInvitations(sessionActor(outsider.id), team.id), "NOT_FOUND");
    await expectAppError(revokeInvitation(sessionActor(outsider.id), team.id, invitation.id), "NOT_FOUND");
    await expectAppError(revokeInvitation(sessionActor(member.id), team.id, invitation.id), "FORBIDDEN");
    expect(await revokeInvitation(actor, team.id, invitation.id)).toMatchObject({ id: invitation.id });
    expect(await db.teamInvitation.count({ where: { teamId: team.id } })).toBe(0);
  });
});
