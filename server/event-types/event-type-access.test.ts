/** The event type builders on the real database: personal, team, organization and cross-tenant. */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTenancyWorld } from "../../prisma/team-factories";
import { sessionActor } from "../auth/actor";
import { db, disconnectDb } from "../db/client";
import { eventTypesEditableBy, eventTypesOfTeam, eventTypesOwnedBy, eventTypesVisibleTo, teamEventTypesEditableBy } from "./event-type-access";

afterAll(() => disconnectDb());

const slug = () => `et-${randomBytes(4).toString("hex")}`;
let world: Awaited<ReturnType<typeof makeTenancyWorld>>;
let ids: { teamType: number; otherTeamType: number; memberOwn: number; outsiderOwn: number };

beforeAll(async () => {
  world = await makeTenancyWorld();
  const make = (owner: { userId: number } | { teamId: number }) =>
    db.eventType.create({ data: { ...owner, title: "Call", slug: slug(), lengthInMinutes: 30 }, select: { id: true } }).then(({ id }) => id);
  ids = {
    teamType: await make({ teamId: world.team.id }),
    otherTeamType: await make({ teamId: world.otherTeam.id }),
    memberOwn: await make({ userId: world.users.member.id }),
    outsiderOwn: await make({ userId: world.users.outsider.id }),
  };
});

const seen = async (where: object) => {
  const rows = await db.eventType.findMany({ where: { AND: [{ id: { in: Object.values(ids) } }, where] }, select: { id: true } });
  return rows.map(({ id }) => Object.entries(ids).find(([, value]) => value === id)![0]).sort();
};
const actor = (who: keyof typeof world.users) => sessionActor(world.users[who].id);

describe("eventTypesOwnedBy", () => {
  it("is the actor's personal event types only, never a team's", async () => {
    expect(await seen(eventTypesOwnedBy(actor("member")))).toEqual(["memberOwn"]);
    expect(await seen(eventTypesOwnedBy(actor("owner")))).toEqual([]);
  });
});

describe("eventTypesVisibleTo", () => {
  it.each([
    ["member", ["memberOwn", "teamType"]],
    ["owner", ["teamType"]],
    ["orgAdmin", ["teamType"]],
    ["orgMember", []],
    ["invited", []],
    ["outsider", ["otherTeamType", "outsiderOwn"]],
  ] as const)("the %s sees %j", async (who, expected) => {
    expect(await seen(eventTypesVisibleTo(actor(who)))).toEqual([...expected].sort());
  });
});

describe("eventTypesEditableBy", () => {
  it.each([
    ["member", ["memberOwn"]],
    ["admin", ["teamType"]],
    ["owner", ["teamType"]],
    ["orgOwner", ["teamType"]],
    ["orgMember", []],
    ["outsider", ["otherTeamType", "outsiderOwn"]],
  ] as const)("the %s edits %j", async (who, expected) => {
    expect(await seen(eventTypesEditableBy(actor(who)))).toEqual([...expected].sort());
  });
});

describe("eventTypesOfTeam", () => {
  it("is the team's event types for a member and nothing for another team's owner", async () => {
    expect(await seen(eventTypesOfTeam(actor("member"), world.team.id))).toEqual(["teamType"]);
    expect(await seen(eventTypesOfTeam(actor("outsider"), world.team.id))).toEqual([]);
  });
});

describe("teamEventTypesEditableBy", () => {
  it("is one team's event types for its owners and admins (and its organization's), nothing for anyone else", async () => {
    for (const who of ["owner", "admin", "orgAdmin"] as const) expect(await seen(teamEventTypesEditableBy(actor(who), world.team.id))).toEqual(["teamType"]);
    for (const who of ["member", "invited", "orgMember", "outsider"] as const)
      expect(await seen(teamEventTypesEditableBy(actor(who), world.team.id))).toEqual([]);
    // Another team's id never reaches this team's rows, nor the actor's personal ones.
    expect(await seen(teamEventTypesEditableBy(actor("outsider"), world.otherTeam.id))).toEqual(["otherTeamType"]);
  });
});

describe("the database holds an event type to exactly one owner (CHECK EventType_one_owner)", () => {
  it("refuses a row naming both a user and a team, and one naming neither", async () => {
    const row = (owner: object) => db.eventType.create({ data: { ...owner, title: "Call", slug: slug(), lengthInMinutes: 30 } });
    await expect(row({ userId: world.users.owner.id, teamId: world.team.id })).rejects.toThrow(/EventType_one_owner/);
    await expect(row({})).rejects.toThrow(/EventType_one_owner/);
  });

  it("holds webhooks to one subscription level too (CHECK Webhook_one_owner)", async () => {
    const hook = (owner: object) =>
      db.webhook.create({ data: { ...owner, subscriberUrl: "https://hooks.example.test/", triggers: [], secretEncrypted: "unused" } });
    await expect(hook({ userId: world.users.owner.id, teamId: world.team.id })).rejects.toThrow(/Webhook_one_owner/);
    await expect(hook({})).rejects.toThrow(/Webhook_one_owner/);
    await expect(hook({ teamId: world.team.id })).resolves.toMatchObject({ teamId: world.team.id });
  });
});
