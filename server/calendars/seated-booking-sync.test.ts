/**
 * A seated booking's one calendar event lists every seat's attendee (booking-sync.ts syncSeatedBooking): seats taken,
 * given up and moved rewrite it, the last seat removes it; syncs of seats taken together may run at once. Against the
 * local stand-in for Google.
 */
import { describe, expect, it } from "vitest";
import { attendee, makeHostWithEventType, utcAt } from "../../prisma/scheduling-factories";
import { cancelSeat, rescheduleSeat } from "../bookings/booking-seats";
import { createBooking } from "../bookings/create";
import { db } from "../db/client";
import { withFakeGoogle, type GoogleTestEvent } from "./google-connection.testing";
import { runPendingJobs } from "../jobs/workers";
import { syncSeatedBooking } from "./booking-sync";

const { connectGoogle } = withFakeGoogle();

const startOf = (event: GoogleTestEvent) => new Date(event.start.dateTime.endsWith("Z") ? event.start.dateTime : `${event.start.dateTime}Z`).toISOString();
/** Who an event lists: the names of its description's "Attendees:" line, in order. */
const listed = (event: GoogleTestEvent) =>
  (event.description?.match(/Attendees: (.*)/)?.[1] ?? "")
    .split(", ")
    .filter(Boolean)
    .map((entry) => entry.replace(/ <.*>$/, ""));

async function takeSeat(eventTypeId: number, start: Date, name: string) {
  const { booking, seatUid } = await createBooking(null, { eventTypeId, start, attendee: attendee(name) }, { idempotencyKey: null });
  return { uid: booking.uid, id: booking.id, seatUid: seatUid! };
}

describe("a seated booking's calendar event", () => {
  it("lists every seat: seats taken add their attendee, a seat given up or moved leaves it, the last one removes the event", async () => {
    const { host, eventType } = await makeHostWithEventType({ eventType: { seatsPerTimeSlot: 4 } });
    const events = await connectGoogle(host.id);
    const ten = utcAt(4, 10);
    const ada = await takeSeat(eventType.id, ten, "Ada");
    await runPendingJobs();
    expect((await events()).map(listed)).toEqual([["Ada"]]);

    const grace = await takeSeat(eventType.id, ten, "Grace");
    const linus = await takeSeat(eventType.id, ten, "Linus");
    await runPendingJobs();
    expect((await events()).map(listed)).toEqual([["Ada", "Grace", "Linus"]]);
    expect(await db.bookingReference.count({ where: { bookingId: ada.id, type: "google_calendar" } })).toBe(1);

    await cancelSeat(null, ada.uid, { seatUid: grace.seatUid });
    await runPendingJobs();
    expect((await events()).map(listed)).toEqual([["Ada", "Linus"]]);

    // Linus moves to 14:00, a time with no booking yet: a new booking and its own event; Ada keeps hers without him.
    const two = utcAt(4, 14);
    await rescheduleSeat(null, ada.uid, { seatUid: linus.seatUid, start: two });
    await runPendingJobs();
    const afterMove = (await events()).map((event) => ({ start: startOf(event), listed: listed(event) }));
    expect(afterMove.sort((a, b) => a.start.localeCompare(b.start))).toEqual([
      { start: ten.toISOString(), listed: ["Ada"] },
      { start: two.toISOString(), listed: ["Linus"] },
    ]);

    await cancelSeat(null, ada.uid, { seatUid: ada.seatUid });
    await runPendingJobs();
    expect((await events()).map(startOf)).toEqual([two.toISOString()]);
  });

  it("seats taken together, their syncs run at once: one event, listing both", async () => {
    const { host, eventType } = await makeHostWithEventType({ eventType: { seatsPerTimeSlot: 3 } });
    const events = await connectGoogle(host.id);
    const start = utcAt(4, 11);
    const ada = await takeSeat(eventType.id, start, "Ada");
    await takeSeat(eventType.id, start, "Grace");
    // The two seats' jobs, run side by side before either wrote anything (the queue runs four at once).
    await Promise.all([syncSeatedBooking(ada.id), syncSeatedBooking(ada.id)]);
    expect((await events()).map(listed)).toEqual([["Ada", "Grace"]]);
    await runPendingJobs();
    await cancelSeat(null, ada.uid, { seatUid: ada.seatUid });
    await runPendingJobs();
    // Whatever references the two syncs left, giving up a seat rewrites the one event rather than deleting it.
    expect((await events()).map(listed)).toEqual([["Grace"]]);
    expect(await db.bookingReference.count({ where: { bookingId: ada.id, type: "google_calendar" } })).toBe(1);
  });
});
