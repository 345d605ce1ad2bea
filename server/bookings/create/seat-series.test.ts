/** Seated series on PostgreSQL (seat-series.ts): which series uid a joined occurrence names, the key, and the mail's occurrences. */
import { describe, expect, it } from "vitest";
import { sessionActor } from "../../auth/actor";
import { attendee, makeHostWithEventType, utcAt } from "@/prisma/scheduling-factories";
import { expectAppError } from "../../../e2e/support/rejections";
import { db } from "../../db/client";
import { updateEventType } from "../../event-types/event-type.service";
import { makeTeamEventType } from "@/prisma/team-factories";
import { seriesOccurrences } from "../booking-ics";
import { ZListBookingsQuery } from "../booking-list-query";
import { listTeamBookings } from "../booking-reads";
import { createBooking } from ".";

const WEEK_MS = 7 * 86_400_000;
const person = (name: string) => ({ ...attendee(name), email: `${name.toLowerCase()}-${Math.random().toString(36).slice(2)}@example.test`, timeZone: "UTC" });
const weeksAfter = (start: Date, weeks: number) => new Date(start.getTime() + weeks * WEEK_MS);

async function seatedHost(seatsPerTimeSlot: number, recurring = true) {
  const made = await makeHostWithEventType({ eventType: { seatsPerTimeSlot } });
  if (recurring) await updateEventType(sessionActor(made.host.id), made.eventType.id, { recurrence: { frequency: "weekly", interval: 1, occurrences: 4 } });
  return made;
}

const book = (eventTypeId: number, start: Date, name: string, recurrenceCount?: number, idempotencyKey: string | null = null) =>
  createBooking(null, { eventTypeId, start, attendee: person(name), ...(recurrenceCount ? { recurrenceCount } : {}) }, { idempotencyKey });

describe("seated series", () => {
  it("a booker who starts a week later joins the first's occurrences under its uid, and writes the next one with it", async () => {
    const { eventType } = await seatedHost(3);
    const first = utcAt(3, 10);
    const ada = await book(eventType.id, first, "Ada", 3);
    const series = ada.booking.recurringBookingUid!;
    const grace = await book(eventType.id, weeksAfter(first, 1), "Grace", 3);
    expect(grace.series!.map(({ uid }) => uid).slice(0, 2)).toEqual(ada.series!.map(({ uid }) => uid).slice(1));
    expect(grace.series!.map(({ recurringBookingUid }) => recurringBookingUid)).toEqual([series, series, series]);
    expect(grace.seatUids).toHaveLength(3);
    const rows = await db.booking.findMany({ where: { eventTypeId: eventType.id }, orderBy: { start: "asc" }, select: { seatsTaken: true } });
    expect(rows.map(({ seatsTaken }) => seatsTaken)).toEqual([1, 2, 2, 1]);
    // The mail of Grace's series lists her three occurrences, each with her alone.
    const listed = await seriesOccurrences(grace.booking);
    expect(listed.map(({ start }) => start)).toEqual([1, 2, 3].map((week) => weeksAfter(first, week).toISOString()));
    expect(listed.map(({ attendees }) => attendees.map(({ name }) => name))).toEqual([["Grace"], ["Grace"], ["Grace"]]);
    // Webhooks and workflows: one BOOKING_CREATED per seat per occurrence, each naming that seat's attendee alone.
    const events = await db.domainEvent.findMany({ where: { eventTypeId: eventType.id, type: "BOOKING_CREATED" }, select: { payload: true } });
    const named = events.map(({ payload }) => (payload as { booking: { attendees: { name: string }[] } }).booking.attendees.map(({ name }) => name));
    expect(named.sort()).toEqual([["Ada"], ["Ada"], ["Ada"], ["Grace"], ["Grace"], ["Grace"]]);
  });

  it("round robin keeps one host for the series, the joined bookings' host; the team's list shows every seat", async () => {
    const { eventType, hostIds } = await makeTeamEventType({ hosts: 2, schedulingType: "ROUND_ROBIN" });
    await db.eventType.update({ where: { id: eventType.id }, data: { seatsPerTimeSlot: 3, recurrence: { frequency: "weekly", interval: 1, occurrences: 4 } } });
    const first = utcAt(3, 13);
    const ada = await book(eventType.id, first, "Ada", 2);
    const host = ada.booking.hosts.map(({ id }) => id);
    expect(ada.series!.map((occurrence) => occurrence.hosts.map(({ id }) => id))).toEqual([host, host]);
    const grace = await book(eventType.id, weeksAfter(first, 1), "Grace", 2);
    expect(grace.series!.map((occurrence) => occurrence.hosts.map(({ id }) => id))).toEqual([host, host]);
    const page = await listTeamBookings(sessionActor(hostIds[0]!), eventType.teamId!, ZListBookingsQuery.parse({ sortStart: "asc" }));
    const seats = page.items.map((booking) => booking.attendees.map((seat) => [seat.name, typeof (seat as { seatUid?: string }).seatUid]));
    expect(seats).toEqual([
      [["Ada", "string"]],
      [
        ["Ada", "string"],
        ["Grace", "string"],
      ],
      [["Grace", "string"]],
    ]);
  });

  it("a booking made as a single seat before the event type recurred takes the series' uid when a series joins it", async () => {
    const { host, eventType } = await seatedHost(2, false);
    const start = utcAt(3, 11);
    const single = await book(eventType.id, start, "Ada");
    expect(single.booking.recurringBookingUid).toBeUndefined();
    await updateEventType(sessionActor(host.id), eventType.id, { recurrence: { frequency: "weekly", interval: 1, occurrences: 4 } });
    const series = await book(eventType.id, start, "Grace", 2);
    const uid = series.booking.recurringBookingUid!;
    expect(series.series!.map((occurrence) => [occurrence.uid === single.booking.uid, occurrence.recurringBookingUid])).toEqual([
      [true, uid],
      [false, uid],
    ]);
    expect((await db.booking.findUniqueOrThrow({ where: { uid: single.booking.uid } })).recurringBookingUid).toBe(uid);
  });

  it("an Idempotency-Key names the seated series: a repeat answers its seats, the key on another request is a 422", async () => {
    const { eventType } = await seatedHost(3);
    const start = utcAt(3, 12);
    const key = `seat-series-${Math.random()}`;
    const booker = person("Ada");
    const input = { eventTypeId: eventType.id, start, attendee: booker, recurrenceCount: 2 };
    const made = await createBooking(null, input, { idempotencyKey: key });
    const repeat = await createBooking(null, input, { idempotencyKey: key });
    expect(repeat).toMatchObject({ created: false, seatUids: made.seatUids });
    await expectAppError(createBooking(null, { ...input, recurrenceCount: 3 }, { idempotencyKey: key }), "UNPROCESSABLE_ENTITY");
    expect(await db.bookingSeat.count({ where: { booking: { eventTypeId: eventType.id } } })).toBe(2);
  });
});
