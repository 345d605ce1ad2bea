/**
 * The event type's attendee rules hold for every caller who does not manage the booking — an anonymous
 * POST /v2/bookings/{uid}/cancel or /reschedule, a signed-in stranger — as they do for the manage link; its host
 * is not held to them.
 */
import { afterAll, describe, expect, it } from "vitest";
import { makeUser } from "@/prisma/factories";
import { attendee, makeHostWithEventType, utcAt, type HostOptions } from "@/prisma/scheduling-factories";
import { sessionActor } from "../auth/actor";
import { db, disconnectDb } from "../db/client";
import { cancelBooking, rescheduleBooking } from "./booking-lifecycle";
import { createBooking } from "./create";

afterAll(() => disconnectDb());

async function booked(options: HostOptions, start = utcAt(2, 10)) {
  const { host, eventType } = await makeHostWithEventType(options);
  const { booking } = await createBooking(null, { eventTypeId: eventType.id, start, attendee: attendee() }, { idempotencyKey: null });
  return { host, booking };
}

const statusOf = async (uid: string) => (await db.booking.findUniqueOrThrow({ where: { uid } })).status;

describe("cancel and reschedule by uid, without a manage link", () => {
  it("refuse an anonymous caller and a stranger where the event type forbids it, and let the host", async () => {
    const { host, booking } = await booked({ eventType: { disableCancelling: true, disableRescheduling: true } });
    const stranger = sessionActor((await makeUser()).id);
    await expect(cancelBooking(null, booking.uid, {})).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: expect.stringContaining("does not allow cancelling"),
    });
    await expect(cancelBooking(stranger, booking.uid, {})).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(rescheduleBooking(null, booking.uid, { start: utcAt(3, 10) })).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: expect.stringContaining("does not allow rescheduling"),
    });
    expect(await statusOf(booking.uid)).toBe("ACCEPTED");

    const moved = await rescheduleBooking(sessionActor(host.id), booking.uid, { start: utcAt(3, 10) });
    expect(await statusOf(booking.uid)).toBe("CANCELLED");
    await cancelBooking(sessionActor(host.id), moved.uid, {});
    expect(await statusOf(moved.uid)).toBe("CANCELLED");
  });

  it("refuse an anonymous caller inside the notice windows, and let one outside them", async () => {
    const soon = await booked({ eventType: { minimumCancellationNotice: 72 * 60, minimumRescheduleNotice: 72 * 60 } }, utcAt(2, 10));
    await expect(cancelBooking(null, soon.booking.uid, {})).rejects.toMatchObject({
      message: "Cancelling closes 3 days before the start. Please contact the host.",
    });
    await expect(rescheduleBooking(null, soon.booking.uid, { start: utcAt(5, 10) })).rejects.toMatchObject({
      message: "Rescheduling closes 3 days before the start. Please contact the host.",
    });
    expect(await statusOf(soon.booking.uid)).toBe("ACCEPTED");

    const later = await booked({ eventType: { minimumCancellationNotice: 60 } }, utcAt(4, 10));
    await cancelBooking(null, later.booking.uid, { cancellationReason: "Cannot make it" });
    expect(await statusOf(later.booking.uid)).toBe("CANCELLED");
  });
});
