/**
 * The manage link against the real database: its token (256 bits, derived, checked in constant time), what the page
 * shows to whom, and cancel / reschedule through the lifecycle use cases, refused where the event type says so.
 */
import { afterAll, describe, expect, it } from "vitest";
import { attendee, makeHostWithEventType, utcAt, type HostOptions } from "@/prisma/scheduling-factories";
import { sessionActor } from "../auth/actor";
import { db, disconnectDb } from "../db/client";
import { createBooking } from "./create";
import { isManageTokenOf, manageTokenFor } from "./manage-link";
import { newManageNonce } from "./create/new-booking";
import { cancelRefusal, describeNotice } from "./manage-link-rules";
import { cancelFromManageLink, findManagedBookingView, manageTokenOfBooking, rescheduleFromManageLink } from "./manage-link.service";

afterAll(() => disconnectDb());

async function booked(options: HostOptions = {}, start = utcAt(2, 10)) {
  const seeded = await makeHostWithEventType(options);
  const { booking } = await createBooking(null, { eventTypeId: seeded.eventType.id, start, attendee: attendee() }, { idempotencyKey: null });
  const token = (await manageTokenOfBooking(booking.uid))!;
  return { ...seeded, booking, token };
}

const statusOf = async (uid: string) => (await db.booking.findUniqueOrThrow({ where: { uid }, select: { status: true } })).status;

describe("the manage token", () => {
  it("is 256 bits behind a prefix, the same whenever it is made, and only its booking's", () => {
    const booking = { uid: "a".repeat(22), manageNonce: newManageNonce() };
    const token = manageTokenFor(booking)!;
    expect(token).toMatch(/^cnv_bm_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token.slice("cnv_bm_".length), "base64url")).toHaveLength(32);
    expect(manageTokenFor(booking)).toBe(token);
    expect(isManageTokenOf(booking, token)).toBe(true);
    const forged = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
    for (const wrong of [forged, "", null, "cnv_bm_", token.slice(0, -2), token.replace("cnv_bm_", "cnv_at_")])
      expect(isManageTokenOf(booking, wrong)).toBe(false);
    // The last character carries 4 of the digest's bits and 2 unused ones: its other spellings decode to the same bytes.
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const last = alphabet.indexOf(token.at(-1)!);
    for (let unused = 0; unused < 4; unused++) {
      const sibling = (last & ~3) | unused;
      if (sibling !== last) expect(isManageTokenOf(booking, token.slice(0, -1) + alphabet[sibling])).toBe(false);
    }
    expect(isManageTokenOf({ ...booking, manageNonce: newManageNonce() }, token)).toBe(false);
    expect(isManageTokenOf({ ...booking, uid: "b".repeat(22) }, token)).toBe(false);
    expect(manageTokenFor({ ...booking, manageNonce: null })).toBeNull();
  });

  it("each booking gets its own nonce in its insert; the column holds no token", async () => {
    const { booking, token } = await booked();
    const row = await db.booking.findUniqueOrThrow({ where: { uid: booking.uid }, select: { manageNonce: true } });
    expect(row.manageNonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(token).not.toContain(row.manageNonce);
  });
});

describe("the booking's page", () => {
  it("shows the booking to the token's holder and its host, and nothing to a bare uid, a forged token or a stranger", async () => {
    const { host, booking, token } = await booked();
    const stranger = await makeHostWithEventType();
    expect(await findManagedBookingView(booking.uid, { token, actor: null })).toMatchObject({ status: "accepted", viewer: "attendee", token });
    expect(await findManagedBookingView(booking.uid, { token: null, actor: sessionActor(host.id) })).toMatchObject({ viewer: "host", token: null });
    for (const viewer of [
      { token: null, actor: null },
      { token: `${token}x`, actor: null },
      { token: null, actor: sessionActor(stranger.host.id) },
    ])
      expect(await findManagedBookingView(booking.uid, viewer)).toBeNull();
    expect(await findManagedBookingView("no-such-booking-uid-000", { token, actor: null })).toBeNull();
  });
});

describe("cancel and reschedule from the link", () => {
  it("reschedule: the old booking is cancelled and linked, the new one has its own token; the old link changes nothing after", async () => {
    const { booking, token } = await booked();
    const moved = await rescheduleFromManageLink({ uid: booking.uid, token, start: utcAt(3, 11) });
    expect(moved.token).toMatch(/^cnv_bm_/);
    expect(moved.token).not.toBe(token);
    const old = await db.booking.findUniqueOrThrow({ where: { uid: booking.uid } });
    expect(old).toMatchObject({ status: "CANCELLED", rescheduledToUid: moved.uid });
    expect(await findManagedBookingView(booking.uid, { token, actor: null })).toMatchObject({ status: "rescheduled", rescheduledTo: { uid: moved.uid } });

    await expect(cancelFromManageLink({ uid: booking.uid, token })).rejects.toMatchObject({ code: "FORBIDDEN", message: expect.stringContaining("moved") });
    await expect(cancelFromManageLink({ uid: moved.uid, token })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(rescheduleFromManageLink({ uid: moved.uid, token, start: utcAt(3, 13) })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await statusOf(moved.uid)).toBe("ACCEPTED");

    await cancelFromManageLink({ uid: moved.uid, token: moved.token!, cancellationReason: "Travelling" });
    expect(await db.booking.findUniqueOrThrow({ where: { uid: moved.uid } })).toMatchObject({
      status: "CANCELLED",
      cancellationReason: "Travelling",
      cancelledByEmail: booking.attendees[0]!.email,
    });
  });

  it("a forged token is a 404 and changes nothing", async () => {
    const { booking, token } = await booked();
    const forged = token.slice(0, -3) + "abc";
    await expect(cancelFromManageLink({ uid: booking.uid, token: forged })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(rescheduleFromManageLink({ uid: booking.uid, token: forged, start: utcAt(3, 12) })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await statusOf(booking.uid)).toBe("ACCEPTED");
  });

  it("inside the event type's notice window, or where it forbids them, the actions are refused with the reason", async () => {
    const soon = await booked({ eventType: { minimumCancellationNotice: 72 * 60, minimumRescheduleNotice: 24 * 60 } }, utcAt(2, 10));
    await expect(cancelFromManageLink({ uid: soon.booking.uid, token: soon.token })).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: "Cancelling closes 3 days before the start. Please contact the host.",
    });
    expect(await statusOf(soon.booking.uid)).toBe("ACCEPTED");
    const view = await findManagedBookingView(soon.booking.uid, { token: soon.token, actor: null });
    expect(view!.cancel).toEqual({ isAllowed: false, reason: "Cancelling closes 3 days before the start. Please contact the host." });
    expect(view!.reschedule).toEqual({ isAllowed: true, reason: null });

    const locked = await booked({ eventType: { disableCancelling: true, disableRescheduling: true } });
    await expect(cancelFromManageLink({ uid: locked.booking.uid, token: locked.token })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(rescheduleFromManageLink({ uid: locked.booking.uid, token: locked.token, start: utcAt(3, 9) })).rejects.toMatchObject({
      message: expect.stringContaining("does not allow rescheduling"),
    });
    expect(await statusOf(locked.booking.uid)).toBe("ACCEPTED");
  });

  it("the link stops working for cancel once the booking is over", () => {
    const past = { status: "ACCEPTED", start: new Date(Date.now() - 7_200_000), end: new Date(Date.now() - 3_600_000), rescheduledToUid: null };
    expect(cancelRefusal(past, null)).toBe("This booking is over; it can no longer be cancelled.");
    expect(describeNotice(90)).toBe("90 minutes");
    expect(describeNotice(120)).toBe("2 hours");
  });
});
