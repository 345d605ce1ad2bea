/** calendarCredentialsOf / selectedCalendarsOf on the real database: one's own rows, nobody else's. */
import { afterAll, describe, expect, it } from "vitest";
import { makeUser } from "../../prisma/factories";
import { sessionActor } from "../auth/actor";
import { db, disconnectDb } from "../db/client";
import { calendarCredentialsOf, selectedCalendarsOf } from "./calendar-access";

afterAll(() => disconnectDb());

describe("calendar builders", () => {
  it("reach the actor's calendar credentials (of the type asked) and selections, never another user's", async () => {
    const [alice, bob] = [await makeUser(), await makeUser()];
    const credential = (userId: number, type: string) => db.credential.create({ data: { userId, type, appId: type, secret: "sealed" } });
    const aliceIcs = await credential(alice.id, "ics-feed_calendar");
    const aliceOther = await credential(alice.id, "not_a_calendar");
    const bobIcs = await credential(bob.id, "ics-feed_calendar");
    await db.selectedCalendar.create({ data: { userId: bob.id, integration: "ics-feed_calendar", externalId: "x", credentialId: bobIcs.id } });
    const within = { id: { in: [aliceIcs.id, aliceOther.id, bobIcs.id] } };
    const reach = async (userId: number) =>
      (await db.credential.findMany({ where: { AND: [within, calendarCredentialsOf(sessionActor(userId))] }, select: { id: true } })).map(({ id }) => id);
    expect(await reach(alice.id)).toEqual([aliceIcs.id]);
    expect(await reach(bob.id)).toEqual([bobIcs.id]);
    expect(await db.credential.count({ where: { AND: [within, calendarCredentialsOf(sessionActor(alice.id), "google_calendar")] } })).toBe(0);
    const selections = (userId: number) =>
      db.selectedCalendar.count({ where: { AND: [{ userId: { in: [alice.id, bob.id] } }, selectedCalendarsOf(sessionActor(userId))] } });
    expect(await selections(alice.id)).toBe(0);
    expect(await selections(bob.id)).toBe(1);
  });
});
