import { describe, expect, it } from "vitest";
import { attendee, makeHostWithEventType, utcAt } from "@/prisma/scheduling-factories";
import type { Principal } from "../auth/principal";
import { db } from "../db/client";
import { expectAppError } from "../../e2e/support/rejections";
import { listBookings } from "./booking-reads";
import { ZListBookingsQuery } from "./booking-list-query";
import { createBooking } from "./create";

const asUser = (userId: number): Principal => ({ userId, via: "api-key", credentialId: 0, scopes: null, oauthClientId: null });

/** A host with bookings at the given hours of day 3 (in that creation order), and a list function for them. */
async function hostWithBookings(hours: number[]) {
  const { host, eventType } = await makeHostWithEventType({ hours: { startMinute: 0, endMinute: 24 * 60 } });
  const uids: string[] = [];
  for (const hour of hours) {
    const { booking } = await createBooking(null, { eventTypeId: eventType.id, start: utcAt(3, hour), attendee: attendee() }, { idempotencyKey: null });
    uids.push(booking.uid);
  }
  // As a query string arrives: every value a string.
  const list = (query: Record<string, unknown>) =>
    listBookings(asUser(host.id), ZListBookingsQuery.parse(Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)]))));
  return { host, eventType, uids, list };
}

/** Every page from the first, following nextCursor: the uids in page order. */
async function walk(list: (query: Record<string, unknown>) => ReturnType<typeof listBookings>, query: Record<string, unknown>) {
  const pages: string[][] = [];
  let cursor: string | undefined;
  do {
    const page = await list({ ...query, ...(cursor ? { cursor } : {}) });
    pages.push(page.items.map((booking) => booking.uid));
    cursor = page.pagination.nextCursor;
    expect(pages.length).toBeLessThan(20);
  } while (cursor);
  return pages;
}

describe("GET /v2/bookings with cursor", () => {
  it("walks the whole list in pages that neither overlap nor skip, in the default order", async () => {
    const { uids, list } = await hostWithBookings([5, 1, 4, 2, 3, 6, 0]);
    const byStart = [6, 1, 3, 4, 2, 0, 5].map((index) => uids[index]!);
    const pages = await walk(list, { take: 3 });
    expect(pages).toEqual([byStart.slice(0, 3), byStart.slice(3, 6), byStart.slice(6)]);
  });

  it("follows the sorts asked for, descending ones included, with ties broken by booking id", async () => {
    const { uids, list, eventType } = await hostWithBookings([1, 2, 3, 4, 5]);
    // Two bookings share a creation time: the tie must not make a page repeat or drop one.
    const tied = new Date("2030-01-01T00:00:00.000Z");
    await db.booking.updateMany({ where: { uid: { in: [uids[1]!, uids[3]!] } }, data: { createdAt: tied } });
    const expected = (
      await db.booking.findMany({ where: { eventTypeId: eventType.id }, orderBy: [{ createdAt: "desc" }, { id: "asc" }], select: { uid: true } })
    ).map((row) => row.uid);
    expect((await walk(list, { take: 2, sortCreated: "desc" })).flat()).toEqual(expected);
    expect((await walk(list, { take: 2, sortStart: "desc" })).flat()).toEqual([...uids].reverse());
  });

  it("reports where the page stands (as of the cursor's issue), and keeps its place when a booking is added before it", async () => {
    const { list, eventType } = await hostWithBookings([1, 2, 3, 4, 5]);
    const first = await list({ take: 2 });
    expect(first.pagination).toMatchObject({ totalItems: 5, currentPage: 1, hasNextPage: true });
    await createBooking(null, { eventTypeId: eventType.id, start: utcAt(3, 0), attendee: attendee() }, { idempotencyKey: null });
    const second = await list({ take: 2, cursor: first.pagination.nextCursor });
    // Skip would now repeat the second booking; the cursor continues after it.
    expect(second.items.map((booking) => booking.start)).toEqual([utcAt(3, 3).toISOString(), utcAt(3, 4).toISOString()]);
    // The figures count from where the cursor was issued (2 rows before it); the page itself is exact.
    expect(second.pagination).toMatchObject({ totalItems: 6, currentPage: 2, remainingItems: 2, hasNextPage: true, hasPreviousPage: true });
    const last = await list({ take: 2, cursor: second.pagination.nextCursor });
    expect(last.items).toHaveLength(1);
    expect(last.pagination.nextCursor).toBeUndefined();
    expect(last.pagination).toMatchObject({ currentPage: 3, hasNextPage: false });
  });

  it("refuses a cursor it did not issue, one made for another order, and a cursor with skip", async () => {
    const { list } = await hostWithBookings([1, 2, 3]);
    const cursor = (await list({ take: 1 })).pagination.nextCursor!;
    const forged = (payload: object) => Buffer.from(JSON.stringify(payload)).toString("base64url");
    const someTime = new Date().toISOString();
    for (const bad of [
      "nonsense",
      forged({ order: "start:asc", values: ["x"], id: 1, offset: 0 }),
      forged({ order: "start:asc", values: [someTime], id: 1, offset: -1 }),
    ]) {
      expect((await expectAppError(list({ take: 1, cursor: bad }), "BAD_REQUEST")).message).toMatch(/Invalid cursor/);
    }
    expect((await expectAppError(list({ take: 1, cursor, sortEnd: "desc" }), "BAD_REQUEST")).message).toMatch(/another sort order/);
    expect((await expectAppError(list({ take: 1, cursor, skip: 1 }), "BAD_REQUEST")).message).toMatch(/cursor or skip/);
  });
});
