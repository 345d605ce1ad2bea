/**
 * A new booking with its hosts and attendees in one statement. Prisma's nested create sends four (three inserts and
 * the read back), each a round trip made while the hosts' locks are held.
 * - insertBooking (inside a transaction) answers in the shape BOOKING_SELECT reads, so toBookingOutput makes the
 *   response from it;
 * - bookingInsertStatement (write-free-slot.ts) is the same insert with ids taken beforehand (reserveBookingIds), sent
 *   in the booking's batch of statements; its response is built without reading the row back (newBookingRow).
 */
import type { Tx } from "../db/client";
import type { Statement } from "../db/statement-batch";
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
  attendees: NewAttendee[];
};

export type NewAttendee = { name: string; email: string; timeZone: string; language?: string; isGuest?: boolean; phoneNumber?: string | null };

/** Ids taken before the write (reserveBookingIds): the booking's, and one per attendee in order. */
export type ReservedIds = { bookingId: number; attendeeIds: number[] };

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

/** Timestamps are zone-less UTC columns: ISO instants go in through timestamptz, as Prisma writes them. */
const UTC = (placeholder: string) => `${placeholder}::timestamptz AT TIME ZONE 'UTC'`;

type Written = { booking: NewBooking; uid: string; now: Date };

/** The Booking columns a new booking writes, with each value's SQL cast: a new column is one line here. */
const BOOKING_COLUMNS: { column: string; sql?: (placeholder: string) => string; value: (written: Written) => unknown }[] = [
  { column: "uid", value: ({ uid }) => uid },
  { column: '"eventTypeId"', value: ({ booking }) => booking.eventTypeId },
  { column: "title", value: ({ booking }) => booking.title },
  { column: "description", value: ({ booking }) => booking.description },
  { column: "start", sql: UTC, value: ({ booking }) => booking.start.toISOString() },
  { column: '"end"', sql: UTC, value: ({ booking }) => booking.end.toISOString() },
  { column: "status", sql: (p) => `${p}::"BookingStatus"`, value: ({ booking }) => booking.status },
  { column: "location", sql: (p) => `${p}::jsonb`, value: ({ booking }) => json(booking.location) },
  { column: "metadata", sql: (p) => `${p}::jsonb`, value: ({ booking }) => json(booking.metadata ?? {}) },
  { column: '"idempotencyKey"', value: ({ booking }) => booking.idempotencyKey },
  { column: '"idempotencyFingerprint"', value: ({ booking }) => booking.idempotencyFingerprint },
  { column: '"bookingFieldsResponses"', sql: (p) => `${p}::jsonb`, value: ({ booking }) => json(booking.bookingFieldsResponses ?? {}) },
  { column: '"createdAt"', sql: UTC, value: ({ now }) => now.toISOString() },
  { column: '"updatedAt"', sql: UTC, value: ({ now }) => now.toISOString() },
  // The attendee's manage link (manage-link.ts): 256 random bits made here, one more column of the one insert.
  { column: '"manageNonce"', value: () => newManageNonce() },
];

/**
 * The CTEs `booking` (RETURNING *), `hosts` (RETURNING "userId") and `attendees` (RETURNING the output's columns), and
 * their parameters. Without reserved ids the sequences give them, as the columns' defaults would.
 */
function insertCtes(written: Written, ids: ReservedIds | null): Statement {
  const values: unknown[] = [ids?.bookingId ?? null];
  const placeholder = (value: unknown) => `$${values.push(value)}`;
  const columns = BOOKING_COLUMNS.map(({ column }) => column).join(", ");
  const row = BOOKING_COLUMNS.map(({ sql = (p: string) => p, value }) => sql(placeholder(value(written)))).join(", ");
  const hostIds = placeholder(written.booking.hostIds);
  const attendees = placeholder(JSON.stringify(written.booking.attendees.map((attendee, index) => ({ ...attendee, id: ids?.attendeeIds[index] ?? null }))));
  const text = `
  WITH booking AS (
    INSERT INTO "Booking" (id, ${columns})
    VALUES (COALESCE($1::int, nextval('"Booking_id_seq"'::regclass)::int), ${row})
    RETURNING *
  ), hosts AS (
    INSERT INTO "BookingHost" ("bookingId", "userId", start, "end", "isLive")
    SELECT booking.id, host.id, booking.start, booking."end", true FROM booking, unnest(${hostIds}::int[]) AS host(id)
    RETURNING "userId"
  ), attendees AS (
    INSERT INTO "Attendee" (id, "bookingId", name, email, "timeZone", language, "isGuest", "phoneNumber")
    SELECT COALESCE((a.value->>'id')::int, nextval('"Attendee_id_seq"'::regclass)::int), booking.id, a.value->>'name', a.value->>'email',
           a.value->>'timeZone', COALESCE(a.value->>'language', 'en'), COALESCE((a.value->>'isGuest')::boolean, false), a.value->>'phoneNumber'
      FROM booking, jsonb_array_elements(${attendees}::jsonb) WITH ORDINALITY AS a(value, position)
     ORDER BY a.position
    RETURNING id, name, email, "timeZone", language, absent, "isGuest", "phoneNumber"
  )`;
  return { text, values };
}

const SELECT_OUTPUT = `
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

/** Inside the booking's transaction: the insert, answered as the stored row. */
export async function insertBooking(tx: Tx, booking: NewBooking, now = new Date()): Promise<BookingRow> {
  const { text, values } = insertCtes({ booking, uid: newBookingUid(), now }, null);
  const [row] = await tx.$queryRawUnsafe<BookingRow[]>(`${text}${SELECT_OUTPUT}`, ...values);
  return row!;
}

/** The insert with reserved ids, for a batch of statements; `uid` and `now` are those its response was built with. */
export function bookingInsertStatement(booking: NewBooking, ids: ReservedIds, uid: string, now: Date): Statement {
  const { text, values } = insertCtes({ booking, uid, now }, ids);
  return { text: `${text}\n  SELECT booking.id FROM booking`, values };
}
