/** schedulesOf on the real database: one's own schedules, nobody else's. */
import { afterAll, describe, expect, it } from "vitest";
import { makeUser } from "../../prisma/factories";
import { sessionActor } from "../auth/actor";
import { db, disconnectDb } from "../db/client";
import { schedulesOf } from "./schedule-access";

afterAll(() => disconnectDb());

describe("schedulesOf", () => {
  it("is the actor's schedules; another user's stay out of reach", async () => {
    const [alice, bob] = [await makeUser(), await makeUser()];
    const mine = await db.schedule.create({ data: { userId: alice.id, name: "Mine", timeZone: "UTC" } });
    const theirs = await db.schedule.create({ data: { userId: bob.id, name: "Theirs", timeZone: "UTC" } });
    const reach = (userId: number) =>
      db.schedule.findMany({ where: { AND: [{ id: { in: [mine.id, theirs.id] } }, schedulesOf(sessionActor(userId))] }, select: { id: true } });
    expect(await reach(alice.id)).toEqual([{ id: mine.id }]);
    expect(await reach(bob.id)).toEqual([{ id: theirs.id }]);
  });
});
