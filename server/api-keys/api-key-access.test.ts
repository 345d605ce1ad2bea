/** liveApiKeysOf on the real database: one's own unrevoked keys, nobody else's. */
import { afterAll, describe, expect, it } from "vitest";
import { makeApiKey, makeUser } from "../../prisma/factories";
import { sessionActor } from "../auth/actor";
import { db, disconnectDb } from "../db/client";
import { liveApiKeysOf } from "./api-key-access";

afterAll(() => disconnectDb());

describe("liveApiKeysOf", () => {
  it("is the actor's live keys: not their revoked ones, not another user's", async () => {
    const [alice, bob] = [await makeUser(), await makeUser()];
    await makeApiKey(alice.id, { name: "live" });
    await makeApiKey(alice.id, { name: "revoked", revoked: true });
    await makeApiKey(bob.id, { name: "bob's" });
    const names = async (userId: number) =>
      (await db.apiKey.findMany({ where: { AND: [{ userId: { in: [alice.id, bob.id] } }, liveApiKeysOf(sessionActor(userId))] }, select: { name: true } })).map(
        ({ name }) => name,
      );
    expect(await names(alice.id)).toEqual(["live"]);
    expect(await names(bob.id)).toEqual(["bob's"]);
  });
});
