/** reserveBookingIds: ids from the sequences in blocks, unique under concurrency, a booking's attendees in order. */
import { afterAll, expect, it } from "vitest";
import { disconnectDb, sql } from "../../db/client";
import { reserveBookingIds } from "./sharing";

afterAll(disconnectDb);

const lastBookingId = async () => (await sql<{ last: number }>(`SELECT last_value::int AS last FROM "Booking_id_seq"`))[0]!.last;

it("hands out distinct ids to simultaneous bookings, reading the sequences once per block", async () => {
  await reserveBookingIds(1); // this process's first block
  const before = await lastBookingId();
  const reserved = await Promise.all(Array.from({ length: 100 }, () => reserveBookingIds(2)));
  expect(new Set(reserved.map(({ bookingId }) => bookingId)).size).toBe(100);
  const attendeeIds = reserved.flatMap(({ attendeeIds }) => attendeeIds);
  expect(new Set(attendeeIds).size).toBe(200);
  for (const { attendeeIds } of reserved) expect(attendeeIds[1]).toBeGreaterThan(attendeeIds[0]!);
  // 100 ids in blocks of 32: four blocks at most (the first may have been partly used), not 100 reads.
  const taken = (await lastBookingId()) - before;
  expect(taken).toBeGreaterThanOrEqual(100 - 32);
  expect(taken % 32).toBe(0);
  expect(taken).toBeLessThanOrEqual(128);
});

it("gives a booking with more attendees than a block holds all of them", async () => {
  const { attendeeIds } = await reserveBookingIds(150);
  expect(attendeeIds).toHaveLength(150);
  expect(new Set(attendeeIds).size).toBe(150);
  expect([...attendeeIds].sort((a, b) => a - b)).toEqual(attendeeIds);
});

it("starts afresh on a new connection pool (another database's sequences)", async () => {
  const before = await lastBookingId();
  await disconnectDb();
  const { bookingId } = await reserveBookingIds(1);
  expect(bookingId).toBeGreaterThan(before);
});
