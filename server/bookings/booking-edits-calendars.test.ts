/** Host edits reach connected calendars (booking-sync's "edited" change): a changed location, a reassignment and a confirmation, against a local stand-in for Google. */
import { describe, expect, it } from "vitest";
import { attendee, makeHostWithEventType, utcAt } from "../../prisma/scheduling-factories";
import { db } from "../db/client";
import { withFakeGoogle } from "../calendars/google-connection.testing";
import { runPendingJobs } from "../jobs/workers";
import { reassignBooking, updateLocation } from "./booking-edits";
import { confirmBooking } from "./booking-lifecycle";
import { createBooking } from "./create";

const { connectGoogle, asUser } = withFakeGoogle();

describe("calendar sync of host edits", () => {
  it("a new location replaces the event in the host's calendar", async () => {
    const { host, eventType } = await makeHostWithEventType({ eventType: { locations: [{ type: "phone", phone: "+33100000000", public: true }] } });
    const events = await connectGoogle(host.id);
    const input = { eventTypeId: eventType.id, start: utcAt(4, 10), attendee: attendee(), location: { type: "phone", phone: "+33100000000" } };
    const { booking } = await createBooking(null, input, { idempotencyKey: null });
    await runPendingJobs();
    expect((await events()).map((event) => event.location)).toEqual(["+33100000000"]);

    await updateLocation(asUser(host.id), booking.uid, { location: { type: "link", link: "https://meet.example.test/new-room" } });
    await runPendingJobs();
    expect((await events()).map((event) => event.location)).toEqual(["https://meet.example.test/new-room"]);
    expect(await db.bookingReference.count({ where: { bookingId: booking.id } })).toBe(1);
  });

  it("a reassignment moves the event from the old host's calendar to the new host's", async () => {
    const first = await makeHostWithEventType();
    const second = await makeHostWithEventType();
    await db.eventType.update({
      where: { id: first.eventType.id },
      data: { schedulingType: "ROUND_ROBIN", hosts: { create: [{ userId: first.host.id }, { userId: second.host.id }] } },
    });
    const [firstEvents, secondEvents] = [await connectGoogle(first.host.id), await connectGoogle(second.host.id)];
    const { booking } = await createBooking(null, { eventTypeId: first.eventType.id, start: utcAt(4, 11), attendee: attendee() }, { idempotencyKey: null });
    await runPendingJobs();
    expect(booking.hosts.map(({ id }) => id)).toEqual([first.host.id]);
    expect(await firstEvents()).toHaveLength(1);

    await reassignBooking(asUser(first.host.id), booking.uid, second.host.id);
    await runPendingJobs();
    expect(await firstEvents()).toEqual([]);
    expect((await secondEvents()).map((event) => event.summary)).toEqual([booking.title]);
  });

  it("confirming a pending booking drops the 'awaiting confirmation' note from the host's event", async () => {
    const { host, eventType } = await makeHostWithEventType({ eventType: { requiresConfirmation: true } });
    const events = await connectGoogle(host.id);
    const { booking } = await createBooking(null, { eventTypeId: eventType.id, start: utcAt(4, 12), attendee: attendee() }, { idempotencyKey: null });
    await runPendingJobs();
    expect((await events()).map((event) => event.description)).toEqual([expect.stringContaining("Awaiting the host's confirmation")]);
    await confirmBooking(asUser(host.id), booking.uid);
    await runPendingJobs();
    const [event] = await events();
    expect(event?.description).not.toContain("Awaiting");
  });
});
