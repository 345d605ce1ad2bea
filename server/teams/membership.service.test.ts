/** Memberships on the real database: owner-only powers, the last owner, duplicates, tenancy. */
import { afterAll, describe, expect, it } from "vitest";
import { makeUser } from "../../prisma/factories";
import { addMember, makeTenancyWorld } from "../../prisma/team-factories";
import { expectAppError } from "../../e2e/support/rejections";
import { sessionActor } from "../auth/actor";
import { db, disconnectDb } from "../db/client";
import { createMembership, deleteMembership, getMembership, listMemberships, updateMembership } from "./membership.service";

afterAll(() => disconnectDb());

const page = { take: 100, skip: 0 };
const membershipOf = (teamId: number, userId: number) => db.membership.findUniqueOrThrow({ where: { teamId_userId: { teamId, userId } } });

describe("reading memberships", () => {
  it("lists the team's memberships with their users, and gives another tenant nothing", async () => {
    const world = await makeTenancyWorld();
    const { items, totalItems } = await listMemberships(sessionActor(world.users.member.id), world.team.id, page);
    expect(totalItems).toBe(4);
    expect(items.find((row) => row.userId === world.users.owner.id)).toMatchObject({ role: "OWNER", accepted: true, user: { email: world.users.owner.email } });
    await expectAppError(listMemberships(sessionActor(world.users.outsider.id), world.team.id, page), "NOT_FOUND");
    const owner = await membershipOf(world.team.id, world.users.owner.id);
    await expectAppError(getMembership(sessionActor(world.users.outsider.id), world.team.id, owner.id), "NOT_FOUND");
    // A membership of another team is not found under this team's id.
    const outsiders = await membershipOf(world.otherTeam.id, world.users.outsider.id);
    await expectAppError(getMembership(sessionActor(world.users.owner.id), world.team.id, outsiders.id), "NOT_FOUND");
  });
});

describe("createMembership", () => {
  it("invites someone else (pending, no Membership row), refuses a second invitation with 409, and answers an unknown id the same way", async () => {
    const world = await makeTenancyWorld();
    const newcomer = await makeUser();
    const admin = sessionActor(world.users.admin.id);
    const pending = await createMembership(admin, world.team.id, { userId: newcomer.id });
    expect(pending).toEqual({
      id: expect.any(Number),
      userId: newcomer.id,
      teamId: world.team.id,
      role: "MEMBER",
      accepted: false,
      user: { email: "" },
      invitation: { status: "pending", acceptedRequested: false, message: expect.stringContaining("invited by e-mail") },
    });
    await expectAppError(createMembership(admin, world.team.id, { userId: newcomer.id, role: "ADMIN" }), "CONFLICT");
    const nobody = await createMembership(admin, world.team.id, { userId: 2_000_000_000 });
    expect(nobody).toEqual({ ...pending, id: expect.any(Number), userId: 2_000_000_000 });
    expect(await db.membership.count({ where: { teamId: world.team.id, userId: newcomer.id } })).toBe(0);
  });

  it("lets only an OWNER invite an OWNER", async () => {
    const world = await makeTenancyWorld();
    const newcomer = await makeUser();
    await expectAppError(createMembership(sessionActor(world.users.admin.id), world.team.id, { userId: newcomer.id, role: "OWNER" }), "FORBIDDEN");
    expect(await db.teamInvitation.count({ where: { userId: newcomer.id } })).toBe(0);
    expect(await createMembership(sessionActor(world.users.owner.id), world.team.id, { userId: newcomer.id, role: "OWNER" })).toMatchObject({
      role: "OWNER",
      accepted: false,
    });
  });
});

describe("the last owner", () => {
  it("can neither be demoted nor leave (409), and can once another owner exists", async () => {
    const world = await makeTenancyWorld();
    const owner = sessionActor(world.users.owner.id);
    const ownMembership = await membershipOf(world.team.id, world.users.owner.id);
    const demote = await expectAppError(updateMembership(owner, world.team.id, ownMembership.id, { role: "ADMIN" }), "CONFLICT");
    expect(demote.message).toContain("last owner");
    await expectAppError(updateMembership(owner, world.team.id, ownMembership.id, { accepted: false }), "CONFLICT");
    await expectAppError(deleteMembership(owner, world.team.id, ownMembership.id), "CONFLICT");
    expect(await membershipOf(world.team.id, world.users.owner.id)).toMatchObject({ role: "OWNER", accepted: true });

    const admin = await membershipOf(world.team.id, world.users.admin.id);
    await updateMembership(owner, world.team.id, admin.id, { role: "OWNER" });
    expect(await deleteMembership(owner, world.team.id, ownMembership.id)).toMatchObject({ userId: world.users.owner.id, role: "OWNER" });
    expect(await db.membership.count({ where: { teamId: world.team.id, role: "OWNER" } })).toBe(1);
  });

  it("does not count an invited (not accepted) owner as another owner", async () => {
    const world = await makeTenancyWorld();
    const pendingOwner = await makeUser();
    await addMember(world.team.id, pendingOwner.id, "OWNER", false);
    const ownMembership = await membershipOf(world.team.id, world.users.owner.id);
    await expectAppError(deleteMembership(sessionActor(world.users.owner.id), world.team.id, ownMembership.id), "CONFLICT");
  });

  it("keeps an owner when two owners demote each other at once", async () => {
    const world = await makeTenancyWorld();
    const second = await makeUser();
    await addMember(world.team.id, second.id, "OWNER");
    const [a, b] = [await membershipOf(world.team.id, world.users.owner.id), await membershipOf(world.team.id, second.id)];
    const results = await Promise.allSettled([
      updateMembership(sessionActor(world.users.owner.id), world.team.id, b.id, { role: "MEMBER" }),
      updateMembership(sessionActor(second.id), world.team.id, a.id, { role: "MEMBER" }),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(await db.membership.count({ where: { teamId: world.team.id, role: "OWNER", accepted: true } })).toBe(1);
  });
});

describe("an ADMIN", () => {
  it("changes members' roles but not an owner's membership", async () => {
    const world = await makeTenancyWorld();
    const admin = sessionActor(world.users.admin.id);
    const member = await membershipOf(world.team.id, world.users.member.id);
    expect(await updateMembership(admin, world.team.id, member.id, { role: "ADMIN" })).toMatchObject({ role: "ADMIN" });
    const owner = await membershipOf(world.team.id, world.users.owner.id);
    await expectAppError(deleteMembership(admin, world.team.id, owner.id), "FORBIDDEN");
    await expectAppError(updateMembership(admin, world.team.id, member.id, { role: "OWNER" }), "FORBIDDEN");
    expect((await membershipOf(world.team.id, world.users.member.id)).role).toBe("ADMIN");
  });
});
