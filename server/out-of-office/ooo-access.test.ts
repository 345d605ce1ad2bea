/** The out-of-office builders on the real database: one's own entries; a team member's for the team's admins; accepted members as targets. */
import { afterAll, describe, expect, it } from "vitest";
import { makeUser } from "../../prisma/factories";
import { sessionActor } from "../auth/actor";
import { db, disconnectDb } from "../db/client";
import { makeTenancyWorld } from "../../prisma/team-factories";
import { outOfOfficeOf, outOfOfficeOfTeamMember, redirectTargetsIn } from "./ooo-access";

afterAll(() => disconnectDb());

describe("outOfOfficeOf", () => {
  it("is the actor's entries; another user's stay out of reach", async () => {
    const [alice, bob] = [await makeUser(), await makeUser()];
    const span = { start: new Date(Date.UTC(2031, 1, 1)), end: new Date(Date.UTC(2031, 1, 3)) };
    const mine = await db.outOfOffice.create({ data: { userId: alice.id, ...span } });
    const theirs = await db.outOfOffice.create({ data: { userId: bob.id, ...span } });
    const reach = (userId: number) =>
      db.outOfOffice.findMany({ where: { AND: [{ id: { in: [mine.id, theirs.id] } }, outOfOfficeOf(sessionActor(userId))] }, select: { id: true } });
    expect(await reach(alice.id)).toEqual([{ id: mine.id }]);
    expect(await reach(bob.id)).toEqual([{ id: theirs.id }]);
  });
});

describe("outOfOfficeOfTeamMember and redirectTargetsIn", () => {
  it("reach a member's entries only for the team's admins, and only accepted members as targets", async () => {
    const world = await makeTenancyWorld();
    const span = { start: new Date(Date.UTC(2031, 3, 1)), end: new Date(Date.UTC(2031, 3, 2)) };
    const entry = await db.outOfOffice.create({ data: { userId: world.users.member.id, ...span } });
    const reach = async (who: keyof typeof world.users, teamId = world.team.id) =>
      (await db.outOfOffice.count({
        where: { AND: [{ id: entry.id }, outOfOfficeOfTeamMember(sessionActor(world.users[who].id), teamId, world.users.member.id)] },
      })) > 0;
    expect(await reach("owner")).toBe(true);
    expect(await reach("orgAdmin")).toBe(true);
    for (const who of ["member", "invited", "orgMember", "outsider"] as const) expect(await reach(who)).toBe(false);
    // The outsider owns another team: naming it does not reach this team's member.
    expect(await reach("outsider", world.otherTeam.id)).toBe(false);
    const targets = await db.user.findMany({
      where: { AND: [{ id: { in: Object.values(world.users).map(({ id }) => id) } }, redirectTargetsIn(world.team.id)] },
      select: { id: true },
    });
    expect(targets.map(({ id }) => id).sort()).toEqual([world.users.owner.id, world.users.admin.id, world.users.member.id].sort());
  });
});
