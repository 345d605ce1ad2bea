/**
 * Every booking use case completes on a pool of ONE connection. A use case that needs a second
 * connection while its transaction holds one deadlocks there, exactly as the full pool does on
 * PostgreSQL under load, and as the embedded PGlite (one backend for all connections) does every time.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeUser } from "@/prisma/factories";
import { attendee, makeHostWithEventType, utcAt } from "@/prisma/scheduling-factories";
import type { Principal } from "../auth/principal";
import { db, disconnectDb } from "../db/client";
import { reassignBooking } from "./booking-edits";
import { cancelBooking, confirmBooking, declineBooking, rescheduleBooking } from "./booking-lifecycle";
import { createBooking } from "./create";

const asUser = (userId: number): Principal => ({ userId, via: "api-key", credentialId: 0, scopes: null, oauthClientId: null });

/** Fails fast instead of waiting for the connection deadline: a deadlock here is the defect under test. */
const within = <T>(promise: Promise<T>, ms = 4_000) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms: a second connection?`)), ms))]);

beforeAll(async () => {
  await disconnectDb();
  process.env.DATABASE_POOL_SIZE = "1";
  process.env.DATABASE_CONNECT_TIMEOUT_MS = "3000";
});

afterAll(async () => {
  await disconnectDb();
  delete process.env.DATABASE_POOL_SIZE;
  delete process.env.DATABASE_CONNECT_TIMEOUT_MS;
});

describe("booking use cases on a pool of one connection", () => {
  it("create, reschedule, cancel by a signed-in caller; confirm, decline and reassign by a host", async () => {
    const caller = asUser((await makeUser()).id);
    const { host, eventType } = await makeHostWithEventType({ eventType: { requiresConfirmation: true } });
    const book = async (start: Date) =>
      (await within(createBooking(caller, { eventTypeId: eventType.id, start, attendee: attendee() }, { idempotencyKey: null }))).booking;

    const first = await book(utcAt(2, 10));
    const moved = await within(rescheduleBooking(caller, first.uid, { start: utcAt(2, 11), reschedulingReason: "Clash" }));
    expect(moved).toMatchObject({ rescheduledFromUid: first.uid, start: utcAt(2, 11).toISOString(), status: "pending" });
    expect(await db.booking.findUniqueOrThrow({ where: { uid: first.uid }, select: { cancelledByEmail: true } })).toEqual({
      cancelledByEmail: (await db.user.findUniqueOrThrow({ where: { id: caller.userId } })).email,
    });
    expect((await within(confirmBooking(asUser(host.id), moved.uid))).status).toBe("accepted");
    expect((await within(cancelBooking(caller, moved.uid, { cancellationReason: "Ill" }))).status).toBe("cancelled");
    const pending = await book(utcAt(2, 12));
    expect((await within(declineBooking(asUser(host.id), pending.uid, { reason: "Busy" }))).status).toBe("rejected");

    const second = await makeHostWithEventType();
    await db.eventType.update({
      where: { id: eventType.id },
      data: { requiresConfirmation: false, schedulingType: "ROUND_ROBIN", hosts: { create: [{ userId: host.id }, { userId: second.host.id }] } },
    });
    const roundRobin = await book(utcAt(2, 13));
    const reassigned = await within(reassignBooking(asUser(host.id), roundRobin.uid, null));
    expect(reassigned.hosts.map(({ id }) => id)).toEqual([second.host.id]);
  });
});
