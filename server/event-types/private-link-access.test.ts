/** privateLinksOf on the real database: the links of one's own event types, not another user's or a team's. */
import { afterAll, describe, expect, it } from "vitest";
import { makeUser } from "../../prisma/factories";
import { makeTenancyWorld } from "../../prisma/team-factories";
import { sessionActor } from "../auth/actor";
import { db, disconnectDb } from "../db/client";
import { privateLinksOf } from "./private-link-access";

afterAll(() => disconnectDb());

describe("privateLinksOf", () => {
  it("reaches the links of the actor's own event type only", async () => {
    const [alice, bob] = [await makeUser(), await makeUser()];
    const world = await makeTenancyWorld();
    const eventType = (owner: object, slug: string) => db.eventType.create({ data: { ...owner, title: "Call", slug, lengthInMinutes: 30 } });
    const own = await eventType({ userId: alice.id }, `own-${alice.id}`);
    const team = await eventType({ teamId: world.team.id }, `team-${alice.id}`);
    await db.privateLink.create({ data: { eventTypeId: own.id, hash: `h-own-${alice.id}`, maxUsageCount: 1 } });
    await db.privateLink.create({ data: { eventTypeId: team.id, hash: `h-team-${alice.id}`, maxUsageCount: 1 } });
    expect(await db.privateLink.count({ where: privateLinksOf(sessionActor(alice.id), own.id) })).toBe(1);
    expect(await db.privateLink.count({ where: privateLinksOf(sessionActor(bob.id), own.id) })).toBe(0);
    // A team's event type is not anyone's personal one, not even its owner's.
    expect(await db.privateLink.count({ where: privateLinksOf(sessionActor(world.users.owner.id), team.id) })).toBe(0);
  });
});
