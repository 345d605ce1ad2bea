/** teamsWhereActorIs / teamsVisibleTo / membershipsVisibleTo on the real database, outsiders included. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTenancyWorld } from "../../prisma/team-factories";
import { sessionActor } from "../auth/actor";
import { db, disconnectDb } from "../db/client";
import { rolesWith } from "../auth/permissions";
import { membershipsVisibleTo, teamsVisibleTo, teamsWhereActorIs } from "./team-access";

afterAll(() => disconnectDb());

let world: Awaited<ReturnType<typeof makeTenancyWorld>>;
beforeAll(async () => {
  world = await makeTenancyWorld();
});

const ids = (rows: { id: number }[]) => rows.map(({ id }) => id).sort((a, b) => a - b);
const worldTeams = () => ({ id: { in: [world.org.id, world.team.id, world.otherTeam.id] } });

describe("teamsVisibleTo", () => {
  it.each([
    ["owner", ["team"]],
    ["member", ["team"]],
    ["invited", []],
    ["orgAdmin", ["org", "team"]],
    ["orgMember", ["org"]],
    ["outsider", ["otherTeam"]],
  ] as const)("the %s sees %j", async (who, names) => {
    const rows = await db.team.findMany({ where: { AND: [worldTeams(), teamsVisibleTo(sessionActor(world.users[who].id))] }, select: { id: true } });
    expect(ids(rows)).toEqual(names.map((name) => world[name].id).sort((a, b) => a - b));
  });
});

describe("teamsWhereActorIs(actor, OWNER/ADMIN)", () => {
  it.each([
    ["owner", true],
    ["admin", true],
    ["member", false],
    ["orgOwner", true],
    ["orgAdmin", true],
    ["orgMember", false],
    ["outsider", false],
  ] as const)("the %s administers the team: %s", async (who, expected) => {
    const count = await db.team.count({ where: { id: world.team.id, ...teamsWhereActorIs(sessionActor(world.users[who].id), rolesWith("team.update")) } });
    expect(count).toBe(expected ? 1 : 0);
  });
});

describe("membershipsVisibleTo", () => {
  it("shows a member the team's memberships (the invitation included) and an outsider none of them", async () => {
    const seen = (who: keyof typeof world.users) =>
      db.membership.count({ where: { AND: [{ teamId: world.team.id }, membershipsVisibleTo(sessionActor(world.users[who].id))] } });
    expect(await seen("member")).toBe(4);
    expect(await seen("outsider")).toBe(0);
  });
});
