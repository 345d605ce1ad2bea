/**
 * A series on its occurrences' pages and in the host's lists, against the real database: each occurrence's place and
 * the others' links (with their own tokens for the link's holder only), an occurrence moved from its link keeping its
 * place, "this and all later" from the link; the list facts (place in the series, seats taken).
 */
import { afterAll, describe, expect, it } from "vitest";
import { attendee, makeHostWithEventType, utcAt } from "@/prisma/scheduling-factories";
import { sessionActor } from "../auth/actor";
import { db, disconnectDb } from "../db/client";
import { listFactsOf } from "./booking-site-facts";
import { createBooking } from "./create";
import { cancelFromManageLink, findManagedBookingView, manageTokenOfBooking, rescheduleFromManageLink } from "./manage-link.service";

afterAll(() => disconnectDb());

const DAY_MS = 86_400_000;

async function weeklySeries(count: number, start = utcAt(2, 10)) {
  const seeded = await makeHostWithEventType();
  await db.eventType.update({ where: { id: seeded.eventType.id }, data: { recurrence: { frequency: "weekly", interval: 1, occurrences: 6 } } });
  await createBooking(null, { eventTypeId: seeded.eventType.id, start, attendee: attendee(), recurrenceCount: count }, { idempotencyKey: null });
  const rows = await db.booking.findMany({ where: { eventTypeId: seeded.eventType.id }, orderBy: { start: "asc" }, select: { uid: true, start: true } });
  return { ...seeded, occurrences: rows };
}

const tokenOf = (href: string) => new URL(href, "http://site.test").searchParams.get("token");

describe("an occurrence's page", () => {
  it("says which occurrence of how many it is and links every other one with its own token, for the link's holder only", async () => {
    const { host, occurrences } = await weeklySeries(4);
    const second = occurrences[1]!;
    const view = await findManagedBookingView(second.uid, { token: await manageTokenOfBooking(second.uid), actor: null });
    expect(view?.series).toMatchObject({ position: 2, count: 4, laterLiveCount: 2 });
    expect(view!.series!.occurrences.map(({ uid, isThis }) => [uid, isThis])).toEqual(occurrences.map(({ uid }) => [uid, uid === second.uid]));
    // Each link opens its own occurrence, as the holder of that occurrence's link.
    for (const occurrence of view!.series!.occurrences) {
      const opened = await findManagedBookingView(occurrence.uid, { token: tokenOf(occurrence.href), actor: null });
      expect(opened?.token).toBeTruthy();
      expect(opened?.uid).toBe(occurrence.uid);
    }
    // The host sees the series too, linked without tokens: those pages open for the host by their session.
    const asHost = await findManagedBookingView(second.uid, { actor: sessionActor(host.id) });
    expect(asHost?.series?.occurrences.map(({ href }) => tokenOf(href))).toEqual([null, null, null, null]);
  });

  it("an occurrence moved from its link keeps its place; 'this and all later' from a link cancels the later live ones only", async () => {
    const { occurrences } = await weeklySeries(4);
    const [first, second, third, fourth] = occurrences as [
      (typeof occurrences)[number],
      (typeof occurrences)[number],
      (typeof occurrences)[number],
      (typeof occurrences)[number],
    ];
    const moved = await rescheduleFromManageLink({
      uid: second.uid,
      token: (await manageTokenOfBooking(second.uid))!,
      start: new Date(second.start.getTime() + DAY_MS),
    });
    const movedView = await findManagedBookingView(moved.uid, { token: moved.token, actor: null });
    expect(movedView?.series).toMatchObject({ position: 2, count: 4 });
    // The booking it replaced is no longer an occurrence: its page names the series without a place in it.
    expect((await findManagedBookingView(second.uid, { token: await manageTokenOfBooking(second.uid), actor: null }))?.series?.position).toBeNull();

    await cancelFromManageLink({ uid: third.uid, token: (await manageTokenOfBooking(third.uid))!, cancelSubsequentBookings: true });
    const statuses = await db.booking.findMany({
      where: { uid: { in: [first.uid, moved.uid, third.uid, fourth.uid] } },
      orderBy: { start: "asc" },
      select: { status: true },
    });
    expect(statuses.map(({ status }) => status)).toEqual(["ACCEPTED", "ACCEPTED", "CANCELLED", "CANCELLED"]);
    const firstView = await findManagedBookingView(first.uid, { token: await manageTokenOfBooking(first.uid), actor: null });
    expect(firstView?.series).toMatchObject({ position: 1, count: 4, laterLiveCount: 1 });
    expect(firstView!.series!.occurrences.map(({ status }) => status)).toEqual(["accepted", "accepted", "cancelled", "cancelled"]);
  });
});

describe("the host's list facts", () => {
  it("place each occurrence in its series and count a seated booking's seats; a single booking has neither", async () => {
    const { occurrences } = await weeklySeries(3, utcAt(3, 11));
    const { eventType } = await makeHostWithEventType({ eventType: { seatsPerTimeSlot: 5 } });
    const seatAt = utcAt(3, 12);
    const { booking: seated } = await createBooking(null, { eventTypeId: eventType.id, start: seatAt, attendee: attendee("Ada") }, { idempotencyKey: null });
    await createBooking(null, { eventTypeId: eventType.id, start: seatAt, attendee: attendee("Grace") }, { idempotencyKey: null });
    const single = await makeHostWithEventType();
    const { booking: alone } = await createBooking(
      null,
      { eventTypeId: single.eventType.id, start: utcAt(3, 13), attendee: attendee() },
      { idempotencyKey: null },
    );
    const series = await db.booking.findMany({ where: { uid: { in: occurrences.map(({ uid }) => uid) } }, select: { uid: true, recurringBookingUid: true } });
    const facts = await listFactsOf([
      ...series.map(({ uid, recurringBookingUid }) => ({ uid, recurringBookingUid: recurringBookingUid! })),
      { uid: seated.uid },
      { uid: alone.uid },
    ]);
    expect(occurrences.map(({ uid }) => facts.get(uid)?.series)).toEqual([1, 2, 3].map((position) => ({ position, count: 3 })));
    expect(facts.get(seated.uid)).toEqual({ series: null, seats: { taken: 2, capacity: 5 } });
    expect(facts.get(alone.uid)).toEqual({ series: null, seats: null });
  });
});
