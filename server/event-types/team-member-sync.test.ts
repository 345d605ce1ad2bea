/** Team event types follow membership changes made through the membership service, on the real database. */
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { makeUser } from "../../prisma/factories";
import { addMember, makeTeam, makeTenancyWorld } from "../../prisma/team-factories";
import { expectAppError } from "../../e2e/support/rejections";
import { joinTeam, tokenMailedTo } from "../../e2e/support/service-invitations";
import { sessionActor } from "../auth/actor";
import { db, disconnectDb } from "../db/client";
import { acceptInvitation } from "../teams/invitation-accept";
import { createMembership, deleteMembership, updateMembership } from "../teams/membership.service";
import { createTeamEventType, updateTeamEventType } from "./team-event-type.service";

afterAll(() => disconnectDb());

const hostIds = async (eventTypeId: number) =>
  (await db.eventTypeHost.findMany({ where: { eventTypeId }, select: { userId: true } })).map(({ userId }) => userId).sort((a, b) => a - b);
const childOwners = async (parentId: number) =>
  (await db.eventType.findMany({ where: { parentId }, select: { userId: true } })).map(({ userId }) => userId!).sort((a, b) => a - b);

async function teamWithEventTypes() {
  const world = await makeTenancyWorld();
  const admin = sessionActor(world.users.admin.id);
  const [everyone, managed, chosen] = await Promise.all([
    createTeamEventType(admin, world.team.id, { title: "All", slug: "all", lengthInMinutes: 30, schedulingType: "collective", assignAllTeamMembers: true }),
    createTeamEventType(admin, world.team.id, { title: "Ours", slug: "ours", lengthInMinutes: 30, schedulingType: "managed", assignAllTeamMembers: true }),
    createTeamEventType(admin, world.team.id, {
      title: "Chosen",
      slug: "chosen",
      lengthInMinutes: 30,
      schedulingType: "roundRobin",
      hosts: [{ userId: world.users.member.id }],
    }),
  ]);
  return { ...world, admin, everyone, managed, chosen };
}

describe("a member joining", () => {
  it("hosts the assignAllTeamMembers event types (fixed when collective) and gets a managed copy; a pending one does not", async () => {
    const { org, team, admin, everyone, managed, chosen } = await teamWithEventTypes();
    const [joiner, pending] = await Promise.all([makeUser(), makeUser()]);
    // The team is an organization's: only the organization's members may join it.
    await Promise.all([joiner, pending].map((user) => addMember(org.id, user.id, "MEMBER")));
    await joinTeam(admin, team.id, joiner);
    await createMembership(admin, team.id, { userId: pending.id });
    expect(await hostIds(everyone.id)).toContain(joiner.id);
    expect(await hostIds(everyone.id)).not.toContain(pending.id);
    expect(await db.eventTypeHost.findUniqueOrThrow({ where: { eventTypeId_userId: { eventTypeId: everyone.id, userId: joiner.id } } })).toMatchObject({
      isFixed: true,
    });
    expect(await childOwners(managed.id)).toContain(joiner.id);
    expect(await hostIds(chosen.id)).not.toContain(joiner.id);
    // Accepting later counts as joining.
    await acceptInvitation(sessionActor(pending.id), await tokenMailedTo(pending.email));
    expect(await childOwners(managed.id)).toContain(pending.id);
  });

  it("is refused (409, nothing written) when the joiner's own event type holds a managed event type's slug", async () => {
    const { org, team, admin } = await teamWithEventTypes();
    const joiner = await makeUser();
    await addMember(org.id, joiner.id, "MEMBER");
    await db.eventType.create({ data: { userId: joiner.id, title: "Mine", slug: "ours", lengthInMinutes: 15 } });
    const error = await expectAppError(joinTeam(admin, team.id, joiner), "CONFLICT");
    expect(error.message).toContain(joiner.username);
    expect(await db.membership.count({ where: { teamId: team.id, userId: joiner.id } })).toBe(0);
  });
});

describe("racing writes", () => {
  it("turning assignAllTeamMembers on waits for a membership change in progress, and hosts its member", async () => {
    const world = await makeTenancyWorld();
    const joiner = await makeUser();
    const created = await createTeamEventType(sessionActor(world.users.admin.id), world.team.id, {
      title: "Race",
      slug: "race",
      lengthInMinutes: 30,
      schedulingType: "managed",
      hosts: [{ userId: world.users.member.id }],
    });
    // Another session in the middle of a membership change: it holds the team's row lock and has written the row.
    const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await other.connect();
    try {
      await other.query("BEGIN");
      await other.query('SELECT id FROM "Team" WHERE id = $1 FOR UPDATE', [world.team.id]);
      await other.query('INSERT INTO "Membership" ("teamId", "userId", role, accepted) VALUES ($1, $2, \'MEMBER\', true)', [world.team.id, joiner.id]);
      let settled = false;
      const updating = updateTeamEventType(sessionActor(world.users.admin.id), world.team.id, created.id, { assignAllTeamMembers: true }).finally(
        () => (settled = true),
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(settled).toBe(false);
      await other.query("COMMIT");
      await updating;
      expect(await hostIds(created.id)).toContain(joiner.id);
      expect(await childOwners(created.id)).toContain(joiner.id);
    } finally {
      await other.end();
    }
  });
});

describe("a member leaving", () => {
  it("hosts none of the team's event types and loses their managed copy; their other team is untouched", async () => {
    const { team, admin, users, everyone, managed, chosen } = await teamWithEventTypes();
    const elsewhere = await makeTeam();
    await addMember(elsewhere.id, users.member.id, "OWNER");
    const theirs = await createTeamEventType(sessionActor(users.member.id), elsewhere.id, {
      title: "Elsewhere",
      slug: "elsewhere",
      lengthInMinutes: 30,
      schedulingType: "managed",
      assignAllTeamMembers: true,
    });
    const membership = await db.membership.findUniqueOrThrow({ where: { teamId_userId: { teamId: team.id, userId: users.member.id } } });
    await deleteMembership(admin, team.id, membership.id);
    for (const { id } of [everyone, managed, chosen]) expect(await hostIds(id)).not.toContain(users.member.id);
    expect(await childOwners(managed.id)).not.toContain(users.member.id);
    expect(await hostIds(theirs.id)).toEqual([users.member.id]);
    expect(await childOwners(theirs.id)).toEqual([users.member.id]);
  });

  it("counts an accepted membership turned pending as leaving", async () => {
    const { team, admin, users, everyone, managed } = await teamWithEventTypes();
    const membership = await db.membership.findUniqueOrThrow({ where: { teamId_userId: { teamId: team.id, userId: users.admin.id } } });
    await updateMembership(admin, team.id, membership.id, { accepted: false });
    expect(await hostIds(everyone.id)).not.toContain(users.admin.id);
    expect(await childOwners(managed.id)).not.toContain(users.admin.id);
  });
});
