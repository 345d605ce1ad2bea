/** The calendar builders on the real database: one's own rows (or the hosts'), nobody else's. */
import { afterAll, describe, expect, it } from "vitest";
import { makeUser } from "../../prisma/factories";
import { sessionActor } from "../auth/actor";
import { db, disconnectDb } from "../db/client";
import { calendarCredentialsOf, selectedCalendarsOf, workingDestinationCalendarsOf } from "./calendar-access";

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

  it("reach the hosts' destination calendars whose credential works, never another user's or a broken one", async () => {
    const [host, brokenHost, stranger] = [await makeUser(), await makeUser(), await makeUser()];
    const destination = async (userId: number, invalid: boolean) => {
      const credential = await db.credential.create({ data: { userId, type: "google_calendar", appId: "google-calendar", secret: "sealed", invalid } });
      return db.destinationCalendar.create({ data: { userId, credentialId: credential.id, integration: "google_calendar", externalId: `cal-${userId}` } });
    };
    const [working, broken, strangers] = [await destination(host.id, false), await destination(brokenHost.id, true), await destination(stranger.id, false)];
    const reached = async (hostIds: number[]) =>
      (
        await db.destinationCalendar.findMany({
          where: { AND: [{ id: { in: [working.id, broken.id, strangers.id] } }, workingDestinationCalendarsOf(hostIds)] },
          select: { id: true },
        })
      ).map(({ id }) => id);
    expect(await reached([host.id, brokenHost.id])).toEqual([working.id]);
    expect(await reached([])).toEqual([]);
  });
});
