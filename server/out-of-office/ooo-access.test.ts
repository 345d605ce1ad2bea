/** outOfOfficeOf on the real database: one's own entries, nobody else's. */
import { afterAll, describe, expect, it } from "vitest";
import { makeUser } from "../../prisma/factories";
import { sessionActor } from "../auth/actor";
import { db, disconnectDb } from "../db/client";
import { outOfOfficeOf } from "./ooo-access";

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
