/**
 * A new booking with its hosts and attendees in one statement, answered in the shape BOOKING_SELECT reads, so
 * toBookingOutput makes the response from it. Prisma's nested create sends four (three inserts and the read
 * back), each a round trip made while the hosts' locks are held; this is the one write a booking makes under them.
 */
import type { Tx } from "../db/client";
import type { BookingRow } from "./booking.dto";
import { newBookingUid } from "./booking-uid";
import { newManageNonce } from "./manage-link";

export type NewBooking = {
  eventTypeId: number;
  title: string;
  description: string | null;
  start: Date;
  end: Date;
  status: "ACCEPTED" | "PENDING";
  /** Absent: no location (SQL NULL), as Prisma stores an omitted Json? field. */
  location: unknown;
  metadata: unknown;
  idempotencyKey: string | null;
  idempotencyFingerprint: string | null;
  bookingFieldsResponses: unknown;
  hostIds: number[];
  /** In this order: the booker first, then the guests (attendee ids follow it, and the output lists them by id). */
  attendees: { name: string; email: string; timeZone: string; language?: string; isGuest?: boolean; phoneNumber?: string | null }[];
};

// Timestamps are zone-less UTC columns: ISO instants go in through timestamptz, as Prisma writes them.
const INSERT_BOOKING = `
  WITH booking AS (
    INSERT INTO "Booking" (uid, "eventTypeId", title, description, start, "end", status, location, metadata,
                           "idempotencyKey", "idempotencyFingerprint", "bookingFieldsResponses", "createdAt", "updatedAt",
                           "manageNonce")
    VALUES ($1, $2, $3, $4, $5::timestamptz AT TIME ZONE 'UTC', $6::timestamptz AT TIME ZONE 'UTC', $7::"BookingStatus",
            $8::jsonb, $9::jsonb, $10, $11, $12::jsonb, $13::timestamptz AT TIME ZONE 'UTC', $13::timestamptz AT TIME ZONE 'UTC',
            $16)
    RETURNING *
  ), hosts AS (
    INSERT INTO "BookingHost" ("bookingId", "userId", start, "end", "isLive")
    SELECT booking.id, host.id, booking.start, booking."end", true FROM booking, unnest($14::int[]) AS host(id)
    RETURNING "userId"
  ), attendees AS (
    INSERT INTO "Attendee" ("bookingId", name, email, "timeZone", language, "isGuest", "phoneNumber")
    SELECT booking.id, a.value->>'name', a.value->>'email', a.value->>'timeZone', COALESCE(a.value->>'language', 'en'),
           COALESCE((a.value->>'isGuest')::boolean, false), a.value->>'phoneNumber'
      FROM booking, jsonb_array_elements($15::jsonb) WITH ORDINALITY AS a(value, position)
     ORDER BY a.position
    RETURNING id, name, email, "timeZone", language, absent, "isGuest", "phoneNumber"
  )
  SELECT booking.id, booking.uid, booking.title, booking.description, booking.status::text AS status, booking.start, booking."end",
         booking.location, booking.metadata, booking."cancellationReason", booking."cancelledByEmail", booking."rescheduledByEmail", booking."rejectionReason",
         booking."reschedulingReason", booking."rescheduledFromUid", booking."rescheduledToUid", booking."absentHost",
         booking."bookingFieldsResponses", booking."createdAt", booking."updatedAt", booking."eventTypeId",
         (SELECT json_build_object('id', et.id, 'slug', et.slug) FROM "EventType" et WHERE et.id = booking."eventTypeId") AS "eventType",
         (SELECT COALESCE(json_agg(json_build_object('user', json_build_object(
                   'id', u.id, 'name', u.name, 'email', u.email, 'username', u.username, 'timeZone', u."timeZone")) ORDER BY u.id), '[]')
            FROM hosts JOIN "User" u ON u.id = hosts."userId") AS hosts,
         (SELECT COALESCE(json_agg(attendees ORDER BY attendees.id), '[]') FROM attendees) AS attendees
    FROM booking`;

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

export async function insertBooking(tx: Tx, booking: NewBooking, now = new Date()): Promise<BookingRow> {
  const [row] = await tx.$queryRawUnsafe<BookingRow[]>(
    INSERT_BOOKING,
    newBookingUid(),
    booking.eventTypeId,
    booking.title,
    booking.description,
    booking.start.toISOString(),
    booking.end.toISOString(),
    booking.status,
    json(booking.location),
    json(booking.metadata ?? {}),
    booking.idempotencyKey,
    booking.idempotencyFingerprint,
    json(booking.bookingFieldsResponses ?? {}),
    now.toISOString(),
    booking.hostIds,
    JSON.stringify(booking.attendees),
    // The attendee's manage link (manage-link.ts): 256 random bits made here, one more column of this one insert.
    newManageNonce(),
  );
  return row!;
}
