import { afterAll, describe, expect, it } from "vitest";
import { makeUser } from "../../prisma/factories";
import { attendee, makeHostWithEventType, utcAt } from "../../prisma/scheduling-factories";
import { createBooking } from "../bookings/create";
import { sessionActor } from "../auth/actor";
import { db, disconnectDb } from "../db/client";
import { AppError } from "../errors";
import { ACCOUNT_DELETED_REASON, deleteAccount } from "./account-deletion.service";

afterAll(() => disconnectDb());

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as AppError,
  );

async function bookingOf(eventTypeId: number, start: Date) {
  return (await createBooking(null, { eventTypeId, start, attendee: attendee() }, { idempotencyKey: null })).booking;
}

describe("deleteAccount", () => {
  it("cancels the upcoming bookings the user hosts and deletes the account", async () => {
    const { host, eventType } = await makeHostWithEventType();
    const upcoming = await bookingOf(eventType.id, utcAt(3, 10));
    expect(await deleteAccount(sessionActor(host.id), { username: host.username, password: host.password })).toEqual({ cancelledBookings: 1 });
    expect(await db.user.count({ where: { id: host.id } })).toBe(0);
    expect(await db.booking.findUniqueOrThrow({ where: { id: upcoming.id } })).toMatchObject({
      status: "CANCELLED",
      cancellationReason: ACCOUNT_DELETED_REASON,
    });
  });

  it("needs the username and the password, each refused on its field", async () => {
    const user = await makeUser();
    expect((await failure(deleteAccount(sessionActor(user.id), { username: "not-me", password: user.password })))?.details).toEqual([
      { path: "body.username", message: "This is not your username" },
    ]);
    expect((await failure(deleteAccount(sessionActor(user.id), { username: user.username, password: "wrong-password" })))?.details).toEqual([
      { path: "body.password", message: "The password is not correct" },
    ]);
    expect(await db.user.count({ where: { id: user.id } })).toBe(1);
  });

  it("refuses the only owner of a team with other members, and changes nothing", async () => {
    const { host: owner, eventType } = await makeHostWithEventType();
    const member = await makeUser();
    const team = await db.team.create({ data: { name: "Solo-owned", slug: `solo-${owner.id}` } });
    await db.membership.createMany({
      data: [
        { teamId: team.id, userId: owner.id, role: "OWNER", accepted: true },
        { teamId: team.id, userId: member.id, role: "MEMBER", accepted: true },
      ],
    });
    const upcoming = await bookingOf(eventType.id, utcAt(4, 10));
    const refused = await failure(deleteAccount(sessionActor(owner.id), { username: owner.username, password: owner.password }));
    expect(refused?.code).toBe("CONFLICT");
    expect(refused?.message).toContain("“Solo-owned”");
    expect(await db.user.count({ where: { id: owner.id } })).toBe(1);
    expect((await db.booking.findUniqueOrThrow({ where: { id: upcoming.id } })).status).toBe("ACCEPTED");
  });
});
