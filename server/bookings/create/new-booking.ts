/**
 * The new booking: its stored values (newBookingOf), its insert with its hosts and attendees in one statement, and
 * the event it emits in the same transaction.
 *
 * The insert: Prisma's nested create sends four statements (three inserts and the read back), each a round trip made
 * while the hosts' locks are held.
 * - insertBooking (inside a transaction) answers in the shape BOOKING_SELECT reads, so toBookingOutput makes the
 *   response from it;
 * - bookingInsertStatement (one-round-trip.ts) is the same insert with ids taken beforehand (sharing.ts: id blocks),
 *   sent in the booking's batch of statements; its response is built without reading the row back (newBookingRow:
 *   JSON values go through JSON as the jsonb columns would give them back; a test holds it to the stored row read
 *   with BOOKING_SELECT).
 */
import { randomBytes, randomInt } from "node:crypto";
import type { Tx } from "../../db/client";
import { declareWriteIntent } from "../../db/write-intent";
import type { Statement } from "../../db/statement-batch";
import { emitBookingEvent } from "../../events/booking-events";
import type { BookerAnswers } from "./check-booker";
import { hostNameOf, idleSubscribersOfNewBooking, slotBookingData, type BookableEventType } from "../booking-rules";
import type { TCreateBookingInput } from "../booking.schemas";
import { toBookingOutput, type BookingRow, type TBookingOutput } from "../booking.dto";
import { locationString } from "../booking-location";
import { attendeeEmailOf } from "../booking-field-responses";

/**
 * Booking uids: 22 characters of [0-9A-Za-z], as the peer's are, so a client (or an agent reading a mail or a chat
 * back) that takes a uid to be `[A-Za-z0-9]+` gets all of it. 22 base62 characters drawn without bias from the CSPRNG
 * carry 22 × log2(62) ≈ 131 bits, more than a UUID's 122. Bookings made before keep their dashed UUIDs, which every
 * path still takes (a uid is looked up as the string it is).
 */
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
export const BOOKING_UID_LENGTH = 22;

export function newBookingUid(): string {
  let uid = "";
  // randomInt rejects out-of-range draws itself, so each character is uniform over the 62.
  for (let index = 0; index < BOOKING_UID_LENGTH; index++) uid += BASE62[randomInt(BASE62.length)];
  // A uid is drawn for the booking about to be written: if its commit goes unanswered, the client is told to look it up.
  declareWriteIntent({ bookingUid: uid });
  return uid;
}

/** The booking's share of its manage token (manage-link.ts): made in process, written with the booking by its own insert. */
export const newManageNonce = (): string => randomBytes(32).toString("base64url");

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
  /** The series it is an occurrence of (under-lock.ts: bookSeries); null: a single booking. */
  recurringBookingUid: string | null;
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
  { column: '"recurringBookingUid"', value: ({ booking }) => booking.recurringBookingUid },
];

/**
 * The CTEs `booking` (RETURNING *), `hosts` (RETURNING "userId") and `attendees` (RETURNING the output's columns), each
 * name followed by `suffix`, with their parameters pushed onto `values`. Without reserved ids the sequences give them,
 * as the columns' defaults would.
 */
function insertCtes(written: Written, ids: ReservedIds | null, values: unknown[], suffix = ""): string {
  const placeholder = (value: unknown) => `$${values.push(value)}`;
  const bookingId = placeholder(ids?.bookingId ?? null);
  const columns = BOOKING_COLUMNS.map(({ column }) => column).join(", ");
  const row = BOOKING_COLUMNS.map(({ sql = (p: string) => p, value }) => sql(placeholder(value(written)))).join(", ");
  const hostIds = placeholder(written.booking.hostIds);
  const attendees = placeholder(JSON.stringify(written.booking.attendees.map((attendee, index) => ({ ...attendee, id: ids?.attendeeIds[index] ?? null }))));
  const booking = `booking${suffix}`;
  return `
  ${booking} AS (
    INSERT INTO "Booking" (id, ${columns})
    VALUES (COALESCE(${bookingId}::int, nextval('"Booking_id_seq"'::regclass)::int), ${row})
    RETURNING *
  ), hosts${suffix} AS (
    INSERT INTO "BookingHost" ("bookingId", "userId", start, "end", "isLive")
    SELECT ${booking}.id, host.id, ${booking}.start, ${booking}."end", true FROM ${booking}, unnest(${hostIds}::int[]) AS host(id)
    RETURNING "userId"
  ), attendees${suffix} AS (
    INSERT INTO "Attendee" (id, "bookingId", name, email, "timeZone", language, "isGuest", "phoneNumber")
    SELECT COALESCE((a.value->>'id')::int, nextval('"Attendee_id_seq"'::regclass)::int), ${booking}.id, a.value->>'name', a.value->>'email',
           a.value->>'timeZone', COALESCE(a.value->>'language', 'en'), COALESCE((a.value->>'isGuest')::boolean, false), a.value->>'phoneNumber'
      FROM ${booking}, jsonb_array_elements(${attendees}::jsonb) WITH ORDINALITY AS a(value, position)
     ORDER BY a.position
    RETURNING id, name, email, "timeZone", language, absent, "isGuest", "phoneNumber"
  )`;
}

/**
 * A booking's stored row in the shape BOOKING_SELECT reads, from the row aliased `booking`: its hosts' users from
 * `hostUsers` (FROM items naming the users `u`) and its attendees from `attendees` (a FROM item of attendee rows).
 */
export const bookingOutputColumns = (hostUsers: string, attendees: string) => `
         booking.id, booking.uid, booking.title, booking.description, booking.status::text AS status, booking.start, booking."end",
         booking.location, booking.metadata, booking."cancellationReason", booking."cancelledByEmail", booking."rescheduledByEmail", booking."rejectionReason",
         booking."reschedulingReason", booking."rescheduledFromUid", booking."rescheduledToUid", booking."absentHost",
         booking."bookingFieldsResponses", booking."recurringBookingUid", booking."createdAt", booking."updatedAt", booking."eventTypeId",
         (SELECT json_build_object('id', et.id, 'slug', et.slug) FROM "EventType" et WHERE et.id = booking."eventTypeId") AS "eventType",
         (SELECT COALESCE(json_agg(json_build_object('user', json_build_object(
                   'id', u.id, 'name', u.name, 'email', u.email, 'username', u.username, 'timeZone', u."timeZone")) ORDER BY u.id), '[]')
            FROM ${hostUsers}) AS hosts,
         (SELECT COALESCE(json_agg(a ORDER BY a.id), '[]') FROM ${attendees} a) AS attendees`;

/** The stored row of the booking the CTEs of `suffix` inserted. */
const selectOutput = (suffix = "") => `
  SELECT ${bookingOutputColumns(`hosts${suffix} JOIN "User" u ON u.id = hosts${suffix}."userId"`, `attendees${suffix}`)}
    FROM booking${suffix} booking`;

/** Inside the booking's transaction: the insert, answered as the stored row. */
export async function insertBooking(tx: Tx, booking: NewBooking, now = new Date()): Promise<BookingRow> {
  const values: unknown[] = [];
  const ctes = insertCtes({ booking, uid: newBookingUid(), now }, null, values);
  const [row] = await tx.$queryRawUnsafe<BookingRow[]>(`WITH ${ctes}${selectOutput()}`, ...values);
  return row!;
}

/**
 * Inside a series' transaction (under-lock.ts bookSeries): its occurrences inserted by ONE statement, each with its
 * own CTEs, answered as the stored rows in the order given; a series of 12 pays one round trip, not 12.
 */
export async function insertBookings(tx: Tx, bookings: readonly NewBooking[], now = new Date()): Promise<BookingRow[]> {
  const values: unknown[] = [];
  const ctes = bookings.map((booking, index) => insertCtes({ booking, uid: newBookingUid(), now }, null, values, `_${index}`));
  const outputs = bookings.map((_, index) => `SELECT ${index} AS position, o.* FROM (${selectOutput(`_${index}`)}) o`);
  const rows = await tx.$queryRawUnsafe<(BookingRow & { position: number })[]>(
    `WITH ${ctes.join(",")}
${outputs.join("\nUNION ALL\n")}`,
    ...values,
  );
  return rows.sort((a, b) => a.position - b.position).map(({ position: _, ...row }) => row);
}

/** The insert with reserved ids, for a batch of statements; `uid` and `now` are those its response was built with. */
export function bookingInsertStatement(booking: NewBooking, ids: ReservedIds, uid: string, now: Date): Statement {
  const values: unknown[] = [];
  const ctes = insertCtes({ booking, uid, now }, ids, values);
  return { text: `WITH ${ctes}\n  SELECT booking.id FROM booking`, values };
}

/**
 * A booking's title: the event type's customName template with the peer's variables filled in, else
 * "<event type> between <host> and <attendee>". The stored title is the one both sides see, so the
 * two-sided {HOST/ATTENDEE} reads as the host's name (the attendee's view, as the peer stores it).
 * Unknown variables stay as written (booking-field variables are not filled in).
 */
export type TitleParts = { eventTitle: string; customName: string | null; hostName: string; attendeeName: string; lengthInMinutes: number; location: unknown };

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? "";
const lastName = (name: string) => name.trim().split(/\s+/).slice(1).join(" ");

export function bookingTitle(parts: TitleParts): string {
  const { eventTitle, customName, hostName, attendeeName } = parts;
  if (!customName) return `${eventTitle} between ${hostName} and ${attendeeName}`;
  const location = locationString(parts.location);
  const values: Record<string, string> = {
    "Event type title": eventTitle,
    Organiser: hostName,
    "Organiser first name": firstName(hostName),
    Scheduler: attendeeName,
    "Scheduler first name": firstName(attendeeName),
    "Scheduler last name": lastName(attendeeName),
    "Event duration": `${parts.lengthInMinutes} minutes`,
    Location: location,
    LOCATION: location,
    HOST: hostName,
    ATTENDEE: attendeeName,
    "HOST/ATTENDEE": hostName,
    USER: attendeeName,
  };
  // One pass over the template: a value that itself contains "{…}" is not expanded again.
  return customName.replace(/\{([^{}]+)\}/g, (token, name: string) => values[name] ?? token);
}

/** The request's idempotency key with its fingerprint (under-lock.ts), stored with the booking it made. */
export type KeyedRequest = { idempotencyKey: string; fingerprint: string };

export function newBookingOf(
  eventType: BookableEventType,
  input: TCreateBookingInput,
  answers: BookerAnswers,
  slot: { end: Date; hostIds: number[] },
  keyed: KeyedRequest | null,
  now = new Date(),
): NewBooking {
  const { attendee, guests = [] } = input;
  const { location, bookingFieldsResponses } = answers;
  const attendeeEmail = attendeeEmailOf(attendee);
  const hostName = hostNameOf(eventType, slot.hostIds[0]!);
  const { status } = slotBookingData(eventType, input.start, slot.end, slot.hostIds, now);
  return {
    eventTypeId: eventType.id,
    start: input.start,
    end: slot.end,
    status,
    hostIds: slot.hostIds,
    title: bookingTitle({ ...eventType, eventTitle: eventType.title, hostName, attendeeName: attendee.name, location }),
    description: eventType.description,
    location,
    metadata: input.metadata ?? {},
    idempotencyKey: keyed?.idempotencyKey ?? null,
    idempotencyFingerprint: keyed?.fingerprint ?? null,
    bookingFieldsResponses,
    recurringBookingUid: null,
    attendees: [
      { name: attendee.name, email: attendeeEmail, timeZone: attendee.timeZone, language: attendee.language, phoneNumber: attendee.phoneNumber ?? null },
      ...[...new Set(guests)]
        .filter((email) => email !== attendeeEmail)
        .map((email) => ({ name: email.split("@")[0]!, email, timeZone: attendee.timeZone, language: attendee.language, isGuest: true })),
    ],
  };
}

export type BookingHostUser = BookingRow["hosts"][number]["user"];

const viaJson = (value: unknown) => (value === undefined || value === null ? null : (JSON.parse(JSON.stringify(value)) as unknown));

export function newBookingRow(
  booking: NewBooking,
  written: { ids: ReservedIds; uid: string; now: Date; eventType: { id: number; slug: string }; hosts: readonly BookingHostUser[] },
): BookingRow {
  const { ids, uid, now, eventType } = written;
  return {
    id: ids.bookingId,
    uid,
    title: booking.title,
    description: booking.description,
    status: booking.status,
    start: booking.start,
    end: booking.end,
    location: viaJson(booking.location),
    metadata: viaJson(booking.metadata ?? {}),
    cancellationReason: null,
    cancelledByEmail: null,
    rescheduledByEmail: null,
    rejectionReason: null,
    reschedulingReason: null,
    rescheduledFromUid: null,
    rescheduledToUid: null,
    absentHost: false,
    bookingFieldsResponses: viaJson(booking.bookingFieldsResponses ?? {}),
    recurringBookingUid: booking.recurringBookingUid,
    createdAt: now,
    updatedAt: now,
    eventTypeId: booking.eventTypeId,
    eventType,
    hosts: [...written.hosts].sort((a, b) => a.id - b.id).map((user) => ({ user: { ...user } })),
    attendees: booking.attendees.map((attendee, index) => ({
      id: ids.attendeeIds[index]!,
      name: attendee.name,
      email: attendee.email,
      timeZone: attendee.timeZone,
      language: attendee.language ?? "en",
      absent: false,
      isGuest: attendee.isGuest ?? false,
      phoneNumber: attendee.phoneNumber ?? null,
    })),
  };
}

/** The event a new booking emits: requested when it awaits its host's confirmation. */
export const newBookingEventType = (booking: TBookingOutput) => (booking.status === "pending" ? "BOOKING_REQUESTED" : "BOOKING_CREATED");

/** No host with a destination calendar, or no webhook that could take it: no job whose work would be to find that out. */
export const newBookingEventOptions = (eventType: BookableEventType, hostIds: number[]) => ({
  teamId: eventType.teamId,
  skip: idleSubscribersOfNewBooking(eventType, hostIds),
});

/** Inside the booking's transaction: the insert, the slot reservation it consumes, and its event, committed with it. */
export async function insertAndEmit(tx: Tx, eventType: BookableEventType, booking: NewBooking, reservationUid: string | undefined): Promise<TBookingOutput> {
  const row = await insertBooking(tx, booking);
  if (reservationUid) await tx.slotReservation.deleteMany({ where: { uid: reservationUid, eventTypeId: eventType.id } });
  // The response is built inside the transaction: a row that cannot be turned into one rolls back.
  const output = toBookingOutput(row);
  await emitBookingEvent(tx, newBookingEventType(output), output, newBookingEventOptions(eventType, booking.hostIds));
  return output;
}
