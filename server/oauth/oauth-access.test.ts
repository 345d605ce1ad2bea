/** oauthClientsOwnedBy / liveGrantsOf on the real database: one's own clients and live grants, nobody else's. */
import { afterAll, describe, expect, it } from "vitest";
import { makeUser } from "../../prisma/factories";
import { sessionActor } from "../auth/actor";
import { db, disconnectDb } from "../db/client";
import { liveGrantsOf, oauthClientsOwnedBy } from "./oauth-access";

afterAll(() => disconnectDb());

describe("OAuth builders", () => {
  it("reach the actor's clients and live grants only", async () => {
    const [alice, bob] = [await makeUser(), await makeUser()];
    const client = await db.oAuthClient.create({
      data: {
        id: `c-${alice.id}`,
        ownerId: alice.id,
        name: "Alice's app",
        websiteUrl: "https://app.example.test",
        purpose: "Test",
        type: "PUBLIC",
        redirectUris: ["https://app.example.test/cb"],
        scopes: ["PROFILE_READ"],
      },
    });
    const grant = (userId: number, revokedAt: Date | null) =>
      db.oAuthGrant.create({ data: { clientId: client.id, userId, scopes: ["PROFILE_READ"], revokedAt } });
    await grant(bob.id, null);
    await grant(bob.id, new Date());
    expect(await db.oAuthClient.count({ where: { id: client.id, ...oauthClientsOwnedBy(sessionActor(alice.id)) } })).toBe(1);
    expect(await db.oAuthClient.count({ where: { id: client.id, ...oauthClientsOwnedBy(sessionActor(bob.id)) } })).toBe(0);
    expect(await db.oAuthGrant.count({ where: { clientId: client.id, ...liveGrantsOf(sessionActor(bob.id)) } })).toBe(1);
    expect(await db.oAuthGrant.count({ where: { clientId: client.id, ...liveGrantsOf(sessionActor(alice.id)) } })).toBe(0);
  });
});
