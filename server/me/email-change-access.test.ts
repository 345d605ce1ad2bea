/** The e-mail change builders on the real database: one's own requests, open or pending, nobody else's. */
import { afterAll, describe, expect, it } from "vitest";
import { makeUser } from "../../prisma/factories";
import { sessionActor } from "../auth/actor";
import { db, disconnectDb } from "../db/client";
import { openEmailChangeRequestsOf, pendingEmailChangeRequestsOf } from "./email-change-access";

afterAll(() => disconnectDb());

describe("e-mail change builders", () => {
  it("reach the actor's open and pending requests, never another user's", async () => {
    const [alice, bob] = [await makeUser(), await makeUser()];
    const now = new Date();
    const request = (userId: number, name: string, expiresInMs: number, confirmedAt: Date | null = null) =>
      db.emailChangeRequest.create({
        data: {
          userId,
          newEmail: `${name}-${userId}@example.com`,
          tokenHash: `hash-${name}-${userId}`,
          expiresAt: new Date(now.getTime() + expiresInMs),
          confirmedAt,
        },
      });
    const pending = await request(alice.id, "pending", 3_600_000);
    const expired = await request(alice.id, "expired", -1_000);
    const confirmed = await request(alice.id, "confirmed", 3_600_000, now);
    const bobs = await request(bob.id, "bobs", 3_600_000);
    const within = { id: { in: [pending.id, expired.id, confirmed.id, bobs.id] } };
    const ids = async (where: object) =>
      (await db.emailChangeRequest.findMany({ where: { AND: [within, where] }, select: { id: true }, orderBy: { id: "asc" } })).map(({ id }) => id);
    expect(await ids(openEmailChangeRequestsOf(sessionActor(alice.id)))).toEqual([pending.id, expired.id]);
    expect(await ids(pendingEmailChangeRequestsOf(sessionActor(alice.id), now))).toEqual([pending.id]);
    expect(await ids(pendingEmailChangeRequestsOf(sessionActor(bob.id), now))).toEqual([bobs.id]);
  });
});
