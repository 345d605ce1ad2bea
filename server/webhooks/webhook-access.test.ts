/** Who reaches which webhooks, on the real database, with cross-tenant cases at every level. */
import { beforeAll, describe, expect, it } from "vitest";
import { sessionActor } from "../auth/actor";
import { makeUser } from "../../prisma/factories";
import { makeTenancyWorld } from "../../prisma/team-factories";
import { db } from "../db/client";
import { webhooksAt, webhooksManageableBy, webhooksVisibleTo, type WebhookOwner } from "./webhook-access";

let world: Awaited<ReturnType<typeof makeTenancyWorld>>;
let ids: { account: number; personal: number; team: number; otherAccount: number };
let personalTypeId: number;
let teamTypeId: number;
let stranger: { id: number };

const hook = (owner: { userId?: number; eventTypeId?: number }) =>
  db.webhook
    .create({ data: { ...owner, subscriberUrl: "https://hooks.example.test/", triggers: ["BOOKING_CREATED"], secretEncrypted: "unused" } })
    .then((row) => row.id);

beforeAll(async () => {
  world = await makeTenancyWorld();
  stranger = await makeUser();
  const owner = world.users.owner;
  personalTypeId = (await db.eventType.create({ data: { userId: owner.id, title: "Mine", slug: `m-${owner.id}`, lengthInMinutes: 30 } })).id;
  teamTypeId = (await db.eventType.create({ data: { teamId: world.team.id, title: "Ours", slug: `o-${owner.id}`, lengthInMinutes: 30 } })).id;
  ids = {
    account: await hook({ userId: owner.id }),
    personal: await hook({ eventTypeId: personalTypeId }),
    team: await hook({ eventTypeId: teamTypeId }),
    otherAccount: await hook({ userId: stranger.id }),
  };
});

const reached = async (where: object) =>
  (await db.webhook.findMany({ where: { AND: [{ id: { in: Object.values(ids) } }, where] }, select: { id: true } })).map(({ id }) => id).sort((a, b) => a - b);
const sorted = (...values: number[]) => values.sort((a, b) => a - b);

describe("webhooksAt", () => {
  it("account level: only the actor's own account webhooks", async () => {
    expect(await reached(webhooksAt(sessionActor(world.users.owner.id), { kind: "user" }, "read"))).toEqual([ids.account]);
    expect(await reached(webhooksAt(sessionActor(stranger.id), { kind: "user" }, "write"))).toEqual([ids.otherAccount]);
  });

  it("personal event type: its owner only", async () => {
    const owner: WebhookOwner = { kind: "eventType", eventTypeId: personalTypeId };
    expect(await reached(webhooksAt(sessionActor(world.users.owner.id), owner, "write"))).toEqual([ids.personal]);
    expect(await reached(webhooksAt(sessionActor(stranger.id), owner, "read"))).toEqual([]);
    // A team event type id named as a personal one reaches nothing, even for the team's owner.
    expect(await reached(webhooksAt(sessionActor(world.users.owner.id), { kind: "eventType", eventTypeId: teamTypeId }, "read"))).toEqual([]);
  });

  it("team event type: members read, owners and admins (and the organization's) change, outsiders nothing", async () => {
    const owner: WebhookOwner = { kind: "teamEventType", teamId: world.team.id, eventTypeId: teamTypeId };
    for (const who of ["owner", "admin", "member", "orgAdmin"] as const)
      expect(await reached(webhooksAt(sessionActor(world.users[who].id), owner, "read"))).toEqual([ids.team]);
    for (const who of ["owner", "admin", "orgOwner"] as const)
      expect(await reached(webhooksAt(sessionActor(world.users[who].id), owner, "write"))).toEqual([ids.team]);
    for (const who of ["member", "invited", "outsider", "orgMember"] as const)
      expect(await reached(webhooksAt(sessionActor(world.users[who].id), owner, "write"))).toEqual([]);
    expect(await reached(webhooksAt(sessionActor(world.users.owner.id), { ...owner, teamId: world.otherTeam.id }, "read"))).toEqual([]);
  });
});

describe("webhooksManageableBy / webhooksVisibleTo", () => {
  it("gathers every level the actor may manage or see, and nobody else's", async () => {
    expect(await reached(webhooksManageableBy(sessionActor(world.users.owner.id)))).toEqual(sorted(ids.account, ids.personal, ids.team));
    expect(await reached(webhooksManageableBy(sessionActor(world.users.member.id)))).toEqual([]);
    expect(await reached(webhooksVisibleTo(sessionActor(world.users.member.id)))).toEqual([ids.team]);
    expect(await reached(webhooksManageableBy(sessionActor(stranger.id)))).toEqual([ids.otherAccount]);
  });
});
