/**
 * The seat path (plan.ts): a booking of a seated event type (event-types/seats.ts) is one booking per slot, shared by
 * up to seatsPerTimeSlot attendees, each holding a seat (BookingSeat, its uid the peer's seatUid). Its steps:
 *   1. the booker's answers (checkBooker); no guests: a seat is one attendee's
 *   2. keyed: the seat this Idempotency-Key already took (keys are per seat), else go on
 *   3. join: the slot's live seated booking takes one more seat by a conditional update of its seatsTaken, whose
 *      row count is checked; the CHECK constraint seatsTaken <= seatCapacity is the database's backstop. No host lock:
 *      the booking already holds the hosts' time, and concurrent joiners queue on the booking's row, not on a check.
 *   4. first seat: no booking at the slot yet. Under every host's lock, look again (a first seat may have committed
 *      meanwhile: then join it), else check the slot as any booking and insert the booking with its first seat.
 * Each seat emits its own event in its transaction: BOOKING_CREATED with the seat's attendee only, so mail, webhooks
 * and workflows speak to that attendee; the first seat's also makes the meeting, which later seats share. The host's
 * calendar event is the booking's, rewritten with every seat's attendee on each seat's event.
 */
import { randomUUID } from "node:crypto";
import type { Actor } from "../../auth/actor";
import { db, UTC_NOW, type Tx } from "../../db/client";
import { Prisma } from "../../db/generated/client";
import { AppError } from "../../errors";
import { emitBookingEvent } from "../../events/booking-events";
import { consumePrivateLinkUse } from "../../event-types/private-link.service";
import { externalBusyOf, isSlotAvailable } from "../../slots/slots.service";
import { BOOKING_TX_OPTIONS, candidateHostIds, chooseHosts, slotTakenError, slotUnavailableError, type BookableEventType } from "../booking-rules";
import { attendeeEmailOf } from "../booking-field-responses";
import { BOOKING_SELECT, toBookingOutput, type BookingRow, type TBookingOutput } from "../booking.dto";
import type { TCreateBookingInput } from "../booking.schemas";
import { lockHosts } from "../host-lock";
import { checkBooker, type BookerAnswers } from "./check-booker";
import { bookingOutputColumns, insertBooking, newBookingEventType, newBookingOf } from "./new-booking";
import type { BookingRequest, CreateBookingResult } from "./outcomes";
import { inSlotFlight, seatFlightKey } from "./sharing";
import { idempotencyKeyReusedError, requestFingerprint } from "./under-lock";

export const LIVE = ["ACCEPTED", "PENDING"] as const;

export type Keyed = { idempotencyKey: string; fingerprint: string } | null;

/**
 * A seat moved to another slot (booking-seats.ts rescheduleSeat): the new seat is taken and the old one given up in the
 * same transaction, and the new seat's event is BOOKING_RESCHEDULED with the old seat's view as the previous booking.
 */
export type SeatMove = { withdraw: (tx: Tx) => Promise<TBookingOutput> };

/** The seat's event: a new seat's BOOKING_CREATED, or a moved seat's BOOKING_RESCHEDULED (the old seat withdrawn first). */
async function emitSeatEvent(tx: Tx, eventType: BookableEventType, booking: TBookingOutput, move: SeatMove | null, skip: "conferencing"[]) {
  if (!move) return emitBookingEvent(tx, newBookingEventType(booking), booking, { teamId: eventType.teamId, skip });
  const previousBooking = await move.withdraw(tx);
  return emitBookingEvent(tx, "BOOKING_RESCHEDULED", booking, { previousBooking, teamId: eventType.teamId, skip });
}
type Seated = { id: number; uid: string; seatsTaken: number; seatCapacity: number | null };

/** Its own class: a seat flight's waiters (takeSeat) learn from it that the time is full. */
class NoSeatsLeftError extends AppError {
  constructor() {
    super("CONFLICT", "No seats are left at this time: choose another slot from /v2/slots");
  }
}
export const noSeatsLeftError = () => new NoSeatsLeftError();

/** The seat's own view of its booking: the booking with this seat's attendee and answers only (mails, webhooks, the booker). */
export function seatView(row: BookingRow, seat: { attendeeId: number; bookingFieldsResponses: unknown }): TBookingOutput {
  const attendees = row.attendees.filter((attendee) => attendee.id === seat.attendeeId);
  return toBookingOutput({ ...row, attendees, bookingFieldsResponses: seat.bookingFieldsResponses });
}

/** The live seated booking of the event type at `start`, if any. */
function findSeatedBooking(tx: Tx, eventTypeId: number, start: Date): Promise<Seated | null> {
  return tx.booking.findFirst({
    where: { eventTypeId, start, seatCapacity: { not: null }, status: { in: [...LIVE] } },
    select: { id: true, uid: true, seatsTaken: true, seatCapacity: true },
    orderBy: { id: "asc" },
  });
}

/** Step 2: the seat an earlier request with this key took (any event type: a key names one request). */
async function findEarlierSeat(tx: Tx, keyed: Keyed): Promise<CreateBookingResult | null> {
  if (!keyed) return null;
  const seat = await tx.bookingSeat.findFirst({
    where: { idempotencyKey: keyed.idempotencyKey },
    orderBy: { id: "asc" },
    select: { uid: true, attendeeId: true, bookingFieldsResponses: true, idempotencyFingerprint: true, booking: { select: BOOKING_SELECT } },
  });
  if (!seat) return null;
  if (seat.idempotencyFingerprint !== keyed.fingerprint) throw idempotencyKeyReusedError();
  return { booking: seatView(seat.booking, seat), created: false, seatUid: seat.uid };
}

/** The attendee's seat: the attendee row, then the seat naming it. */
export async function addSeat(
  tx: Tx,
  bookingId: number,
  attendee: { id?: number; name: string; email: string; timeZone: string; language?: string; phoneNumber?: string | null },
  answers: BookerAnswers,
  input: TCreateBookingInput,
  keyed: Keyed,
) {
  const attendeeId =
    attendee.id ??
    (
      await tx.attendee.create({
        data: {
          bookingId,
          name: attendee.name,
          email: attendee.email,
          timeZone: attendee.timeZone,
          language: attendee.language ?? "en",
          phoneNumber: attendee.phoneNumber ?? null,
        },
        select: { id: true },
      })
    ).id;
  return tx.bookingSeat.create({
    data: {
      uid: randomUUID(),
      bookingId,
      attendeeId,
      bookingFieldsResponses: answers.bookingFieldsResponses,
      metadata: (input.metadata ?? {}) as Prisma.InputJsonObject,
      idempotencyKey: keyed?.idempotencyKey ?? null,
      idempotencyFingerprint: keyed?.fingerprint ?? null,
    },
    select: { uid: true, attendeeId: true, bookingFieldsResponses: true },
  });
}

/** What one seat request carries through its steps: a new seat's (move null), or a moved seat's. */
type SeatAsk = {
  eventType: BookableEventType;
  input: TCreateBookingInput;
  answers: BookerAnswers;
  request: BookingRequest;
  keyed: Keyed;
  move: SeatMove | null;
};

/**
 * Step 3 as ONE statement: the seat count taken by a guarded update (no row: no seat left, or the booking ended), the
 * attendee and the seat inserted beside it, and the booking read back as the seat's view sees it (its hosts, this
 * seat's attendee). Concurrent joiners queue on the booking's row from the update to their commit, so each holds it
 * for this statement and its event, not for a conversation of six.
 */
const JOIN_SEAT = `
  WITH taken AS (
    UPDATE "Booking" SET "seatsTaken" = "seatsTaken" + 1, "updatedAt" = ${UTC_NOW}
     WHERE id = $1 AND status IN ('ACCEPTED', 'PENDING') AND "seatsTaken" < "seatCapacity"
    RETURNING *
  ), attendee AS (
    INSERT INTO "Attendee" ("bookingId", name, email, "timeZone", language, "phoneNumber")
    SELECT taken.id, $2, $3, $4, $5, $6 FROM taken
    RETURNING id, name, email, "timeZone", language, absent, "isGuest", "phoneNumber"
  ), seat AS (
    INSERT INTO "BookingSeat" (uid, "bookingId", "attendeeId", "bookingFieldsResponses", metadata, "idempotencyKey", "idempotencyFingerprint", "createdAt")
    SELECT $7, taken.id, attendee.id, $8::jsonb, $9::jsonb, $10, $11, ${UTC_NOW} FROM taken, attendee
    RETURNING uid, "attendeeId", "bookingFieldsResponses"
  )
  SELECT ${bookingOutputColumns(`"BookingHost" h JOIN "User" u ON u.id = h."userId" WHERE h."bookingId" = booking.id`, "attendee")},
         seat.uid AS "seatUid", seat."attendeeId" AS "seatAttendeeId", seat."bookingFieldsResponses" AS "seatAnswers",
         booking."seatsTaken" >= booking."seatCapacity" AS "lastSeat"
    FROM taken booking, seat`;

type JoinedSeat = BookingRow & { seatUid: string; seatAttendeeId: number; seatAnswers: unknown; lastSeat: boolean };

/** A seat's outcome, and whether it was the time's last free seat (its flight's waiters then hear "no seats left"). */
type TakenSeat = CreateBookingResult & { lastSeat: boolean };

/** Step 3: one more seat, or a 409 when none is left; never more than seatCapacity, whatever runs alongside. */
async function joinSeat(tx: Tx, seated: Seated, { eventType, input, answers, keyed, move }: SeatAsk): Promise<TakenSeat> {
  const { attendee } = input;
  const [joined] = await tx.$queryRawUnsafe<JoinedSeat[]>(
    JOIN_SEAT,
    seated.id,
    attendee.name,
    attendeeEmailOf(attendee),
    attendee.timeZone,
    attendee.language ?? "en",
    attendee.phoneNumber ?? null,
    randomUUID(),
    JSON.stringify(answers.bookingFieldsResponses ?? {}),
    JSON.stringify(input.metadata ?? {}),
    keyed?.idempotencyKey ?? null,
    keyed?.fingerprint ?? null,
  );
  if (!joined) throw noSeatsLeftError();
  const { seatUid, seatAttendeeId, seatAnswers, lastSeat, ...row } = joined;
  const booking = seatView(row, { attendeeId: seatAttendeeId, bookingFieldsResponses: seatAnswers });
  // The meeting is the booking's, made with its first seat. Calendar sync writes the booking's event again from all
  // its seats (calendars/booking-sync.ts syncSeatedBooking), so the host's event lists this attendee too.
  await emitSeatEvent(tx, eventType, booking, move, ["conferencing"]);
  return { booking, created: true, seatUid, lastSeat };
}

/** The booking a first seat makes: titled by the event type alone, so a later seat's attendee never reads the first one's name in it. */
export function newSeatBooking(eventType: BookableEventType, input: TCreateBookingInput, answers: BookerAnswers, hostIds: number[], end: Date) {
  return { booking: { ...newBookingOf(eventType, input, answers, { end, hostIds }, null), title: eventType.title } };
}

/** Step 4: the slot's first seat, under every host's lock; or a join, when another first seat committed before the lock was ours. */
async function firstSeat(ask: SeatAsk): Promise<TakenSeat> {
  const { eventType, input, answers, request, keyed, move } = ask;
  const slotInput = { eventTypeId: eventType.id, start: input.start, lengthInMinutes: input.lengthInMinutes, ignoreReservationUid: request.reservationUid };
  const externalBusy = await externalBusyOf(eventType, slotInput);
  return db.$transaction(async (tx): Promise<TakenSeat> => {
    await lockHosts(tx, candidateHostIds(eventType));
    const earlier = await findEarlierSeat(tx, keyed);
    if (earlier) return { ...earlier, lastSeat: false };
    const seated = await findSeatedBooking(tx, eventType.id, input.start);
    if (seated) return joinSeat(tx, seated, ask);
    const slot = await isSlotAvailable(tx, { ...slotInput, externalBusy });
    if (!slot.available) throw slotUnavailableError(slot);
    if (input.privateLink && !(await consumePrivateLinkUse(tx, input.privateLink)))
      throw new AppError("NOT_FOUND", "This private link is invalid or has expired");
    const hostIds = chooseHosts(eventType, slot.freeHostIds, undefined, slot.redirectedFrom);
    if (hostIds.length === 0) throw slotUnavailableError(slot);
    const { booking } = newSeatBooking(eventType, input, answers, hostIds, slot.end);
    const row = await insertBooking(tx, booking);
    await tx.booking.update({ where: { id: row.id }, data: { seatCapacity: eventType.seatsPerTimeSlot!, seatsTaken: 1 }, select: { id: true } });
    if (request.reservationUid) await tx.slotReservation.deleteMany({ where: { uid: request.reservationUid, eventTypeId: eventType.id } });
    const seat = await addSeat(tx, row.id, row.attendees[0]!, answers, input, keyed);
    const output = seatView(row, seat);
    await emitSeatEvent(tx, eventType, output, move, []);
    return { booking: output, created: true, seatUid: seat.uid, lastSeat: eventType.seatsPerTimeSlot! <= 1 };
  }, BOOKING_TX_OPTIONS);
}

/** A joiner books a slot whose booking exists: its start must still be one a booker may take (notice, not past). */
export function assertStillBookable(eventType: BookableEventType, start: Date, now = new Date()) {
  if (start.getTime() < now.getTime() + eventType.minimumBookingNotice * 60_000) throw slotTakenError();
}

/** A unique index refused the insert: Prisma's P2002, or, through a raw statement (the join's), P2010 with the driver's kind. */
function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return false;
  const cause = (error.meta as { driverAdapterError?: { cause?: { kind?: string } } } | undefined)?.driverAdapterError?.cause;
  return error.code === "P2002" || (error.code === "P2010" && cause?.kind === "UniqueConstraintViolation");
}

/**
 * Steps 3 and 4 for answers already checked (a new seat's, or a moved seat's own), in the time's seat flight
 * (sharing.ts): one seat request of this process at a time per time, and none sent to the database once it is full.
 */
async function takeSeat(ask: SeatAsk): Promise<CreateBookingResult> {
  // A keyed request may be the repeat of one that holds a seat of a full time: it must hear its seat, so it asks the
  // database whatever the flight learned.
  const seat = ask.keyed
    ? await takeSeatNow(ask)
    : await inSlotFlight(
        seatFlightKey(ask.eventType.id, ask.input.start),
        () => takeSeatNow(ask),
        (taken) => taken.lastSeat,
        {
          filledBy: (error) => error instanceof NoSeatsLeftError,
          refusal: noSeatsLeftError,
        },
      );
  const { lastSeat: _, ...result } = seat;
  return result;
}

async function takeSeatNow(ask: SeatAsk): Promise<TakenSeat> {
  const { eventType, input, keyed } = ask;
  for (let attempt = 0; ; attempt++) {
    try {
      const joined = await db.$transaction(async (tx): Promise<TakenSeat | null> => {
        const earlier = await findEarlierSeat(tx, keyed);
        if (earlier) return { ...earlier, lastSeat: false };
        const seated = await findSeatedBooking(tx, eventType.id, input.start);
        if (!seated) return null;
        assertStillBookable(eventType, input.start);
        if (input.privateLink && !(await consumePrivateLinkUse(tx, input.privateLink)))
          throw new AppError("NOT_FOUND", "This private link is invalid or has expired");
        return joinSeat(tx, seated, ask);
      }, BOOKING_TX_OPTIONS);
      return joined ?? (await firstSeat(ask));
    } catch (error) {
      // The same key sent twice at once: the second insert meets the first's seat; read it as a retry would.
      if (attempt === 0 && keyed && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

/** A seat is one attendee's: guests are refused, on a single seat and on a seated series alike. */
export function assertOneAttendee(input: TCreateBookingInput) {
  if (!input.guests?.length) return;
  const message = "A seat is for one attendee: each guest books a seat of their own";
  throw new AppError("BAD_REQUEST", message, [{ path: "body.guests", message }]);
}

/** The seat path: booked (seatUid set), or the refusal the booker hears. */
export async function bookSeat(
  actor: Actor | null,
  eventType: BookableEventType,
  input: TCreateBookingInput,
  request: BookingRequest,
): Promise<CreateBookingResult> {
  assertOneAttendee(input);
  const answers = await checkBooker(db, eventType, input);
  const keyed = request.idempotencyKey ? { idempotencyKey: request.idempotencyKey, fingerprint: requestFingerprint(input, actor) } : null;
  return takeSeat({ eventType, input, answers, request, keyed, move: null });
}

/** A seat moved to `input.start` with the answers it was booked with; `move.withdraw` gives up the old seat in the same transaction. */
export function moveSeat(eventType: BookableEventType, input: TCreateBookingInput, answers: BookerAnswers, move: SeatMove): Promise<CreateBookingResult> {
  return takeSeat({ eventType, input, answers, request: { idempotencyKey: null }, keyed: null, move });
}
