/**
 * Seated bookings after they are made (the seat path that makes them: create/seats.ts): the peer's seated outputs,
 * a booking read by one of its seats, and an attendee's own seat cancelled or moved without touching the others.
 *
 * Who sees whom: the booking's hosts (and the team admins who see its bookings) see every seat; an attendee sees their
 * own seat only, unless the event type's showAttendeeInfo lets attendees see each other. Who may act: a seat's
 * holder (its seatUid, or the seat's manage token) on that seat; the whole booking only by those who manage it.
 */
import type { Actor } from "../auth/actor";
import { db, type Tx } from "../db/client";
import { AppError } from "../errors";
import { emitBookingEvent } from "../events/booking-events";
import { bookingsVisibleTo, lockBooking } from "./booking-access";
import { bookingFieldsResponsesOutput } from "./booking-field-responses";
import { BOOKING_SELECT, toBookingOutput, type BookingRow, type TBookingOutput } from "./booking.dto";
import type { TCreateBookingInput, TLocationInput } from "./booking.schemas";
import { loadBookableEventType } from "./create/bookable-row";
import type { BookerAnswers } from "./create/check-booker";
import { moveSeat, seatView } from "./create/seats";
import type { CreateBookingResult } from "./create";
import { attendeeRulesUnlessManager, type AttendeeRefusal } from "./attendee-rules-check";
import { cancelRefusal, rescheduleRefusal } from "./manage-link-rules";
import { callerEmail, type LifecycleCaller } from "./booking-lifecycle";

/**
 * A seated booking as its caller sees it: the booking output (booking-output.schema.ts, whose seat fields are set here)
 * with the seats shown as attendees, each with its seatUid and its own answers (the peer's SeatedAttendee), `seatUid`
 * the caller's seat on a new or moved seat (the peer's CreateSeatedBookingOutput_2024_08_13), and the booking-level
 * answers those of the caller's own seat when only theirs is shown.
 */
export type TSeatedBookingOutput = Omit<TBookingOutput, "attendees"> & {
  seatUid?: string;
  attendees: (TBookingOutput["attendees"][number] & { seatUid: string; bookingFieldsResponses: Record<string, unknown> })[];
};

export const SEAT_SELECT = { uid: true, attendeeId: true, bookingFieldsResponses: true } as const;
export type SeatRow = { uid: string; attendeeId: number; bookingFieldsResponses: unknown };

export const SEATED_SELECT = {
  ...BOOKING_SELECT,
  seatCapacity: true,
  seatsTaken: true,
  seats: { select: SEAT_SELECT, orderBy: { id: "asc" } },
  eventType: { select: { id: true, slug: true, seatsShowAttendees: true } },
} as const;
export type SeatedRow = Omit<BookingRow, "eventType"> & {
  seatCapacity: number | null;
  seatsTaken: number;
  seats: SeatRow[];
  eventType: { id: number; slug: string; seatsShowAttendees: boolean } | null;
};

const seatNotFound = () => new AppError("NOT_FOUND", "Seat not found");

/** A booking row with its seats (the event type's seatsShowAttendees is not read here: `shown` says what the viewer sees). */
type RowWithSeats = Omit<BookingRow, "eventType"> & { eventType: { id: number; slug: string } | null; seats: SeatRow[] };

/** The seats a viewer sees: all of them, or only `ownSeatUid`'s. */
export function toSeatedBookingOutput(row: RowWithSeats, shown: { all: boolean; ownSeatUid?: string | null; seatUid?: string }): TSeatedBookingOutput {
  const seats = row.seats.filter((seat) => shown.all || seat.uid === shown.ownSeatUid);
  const own = shown.all ? null : seats[0];
  const booking = toBookingOutput({
    ...row,
    eventType: row.eventType && { id: row.eventType.id, slug: row.eventType.slug },
    attendees: row.attendees.filter((attendee) => seats.some((seat) => seat.attendeeId === attendee.id)),
    bookingFieldsResponses: own ? own.bookingFieldsResponses : shown.all ? row.bookingFieldsResponses : {},
  });
  const attendees = booking.attendees.map((attendee) => {
    const seat = seats.find((candidate) => candidate.attendeeId === attendee.id)!;
    const answers = bookingFieldsResponsesOutput(
      seat.bookingFieldsResponses,
      row.attendees.filter(({ id }) => id === attendee.id),
    );
    return { ...attendee, seatUid: seat.uid, bookingFieldsResponses: answers };
  });
  return { ...booking, ...(shown.seatUid ? { seatUid: shown.seatUid } : {}), attendees };
}

async function managesBooking(client: Tx, actor: Actor | null, bookingId: number): Promise<boolean> {
  if (!actor) return false;
  return (await client.booking.count({ where: { AND: [{ id: bookingId }, bookingsVisibleTo(actor)] } })) > 0;
}

export async function seatedOutputAs(client: Tx, actor: Actor | null, row: SeatedRow, ownSeatUid: string | null, seatUid?: string) {
  const all = row.eventType?.seatsShowAttendees === true || (await managesBooking(client, actor, row.id));
  return toSeatedBookingOutput(row, { all, ownSeatUid, seatUid });
}

/** POST /v2/bookings's answer for a seat: CreateSeatedBookingOutput_2024_08_13, as the seat's holder sees the booking. */
export async function newSeatOutput(actor: Actor | null, result: CreateBookingResult & { seatUid: string }): Promise<TSeatedBookingOutput> {
  const row = await db.booking.findUniqueOrThrow({ where: { id: result.booking.id }, select: SEATED_SELECT });
  return seatedOutputAs(db, actor, row, result.seatUid, result.seatUid);
}

/** GET /v2/bookings/by-seat/{seatUid}: public, as the seat's uid is its holder's secret; another seat's attendees only as seen above. */
export async function getBookingBySeat(actor: Actor | null, seatUid: string): Promise<TSeatedBookingOutput> {
  const seat = await db.bookingSeat.findUnique({ where: { uid: seatUid }, select: { booking: { select: SEATED_SELECT } } });
  if (!seat) throw seatNotFound();
  return seatedOutputAs(db, actor, seat.booking, seatUid);
}

/**
 * The whole of a seated booking (cancel, reschedule without a seatUid) is its managers' only: its uid is in every
 * seat holder's answer, so a uid alone must not end or move the others' seats.
 */
export async function assertWholeBookingCaller(tx: Tx, actor: Actor | null, bookingId: number, byManageLink: boolean): Promise<void> {
  const row = await tx.booking.findUnique({ where: { id: bookingId }, select: { seatCapacity: true } });
  if (row?.seatCapacity == null) return;
  if (byManageLink || !(await managesBooking(tx, actor, bookingId))) {
    throw new AppError("FORBIDDEN", "This booking is shared by several attendees: send your seatUid to cancel or reschedule your own seat");
  }
}

/** Who acts on a seat: the manage link names its holder and checks its own rules (LifecycleCaller); else the caller's e-mail is read. */
type SeatCaller = { byEmail?: string | null; check?: LifecycleCaller["check"] };

type SeatAction = { seatUid: string; reason?: string; byEmail: string | null; check?: LifecycleCaller["check"]; refusal: AttendeeRefusal };

/**
 * Under the booking's lock: the seat's attendee (and with it the seat) removed and the count given back; the last seat
 * gone cancels the booking. Answers the seat's view as it was, marked cancelled, for its event.
 */
async function withdrawSeat(tx: Tx, actor: Actor | null, bookingUid: string, action: SeatAction): Promise<{ view: TBookingOutput; emptied: boolean }> {
  await lockBooking(tx, bookingUid);
  const row = await tx.booking.findUnique({ where: { uid: bookingUid }, select: SEATED_SELECT });
  const seat = row?.seats.find((candidate) => candidate.uid === action.seatUid);
  if (!row || !seat) throw seatNotFound();
  await (action.check ?? attendeeRulesUnlessManager(actor, action.refusal))(tx, row);
  if (row.status !== "ACCEPTED" && row.status !== "PENDING") throw new AppError("BAD_REQUEST", `This booking is already ${row.status.toLowerCase()}`);
  await tx.attendee.delete({ where: { id: seat.attendeeId } });
  const { seatsTaken } = await tx.booking.update({ where: { id: row.id }, data: { seatsTaken: { decrement: 1 } }, select: { seatsTaken: true } });
  const emptied = seatsTaken === 0;
  if (emptied) {
    await tx.bookingHost.updateMany({ where: { bookingId: row.id }, data: { isLive: false } });
    await tx.booking.update({
      where: { id: row.id },
      data: { status: "CANCELLED", cancellationReason: action.reason ?? null, cancelledByEmail: action.byEmail },
      select: { id: true },
    });
  }
  const view = seatView({ ...row, eventType: row.eventType && { id: row.eventType.id, slug: row.eventType.slug } }, seat);
  return {
    view: {
      ...view,
      status: "cancelled",
      ...(action.reason ? { cancellationReason: action.reason } : {}),
      ...(action.byEmail ? { cancelledByEmail: action.byEmail } : {}),
    },
    emptied,
  };
}

/**
 * Cancel one seat (CancelSeatedBookingInput_2024_08_13): the booking stays for the others. Its BOOKING_CANCELLED names
 * that seat's attendee alone; the meeting stays and the calendar event loses that attendee, unless it was the last seat.
 */
export async function cancelSeat(
  actor: Actor | null,
  bookingUid: string,
  input: { seatUid: string; cancellationReason?: string; cancelSubsequentBookings?: boolean },
  caller: SeatCaller = {},
) {
  // The peer's CancelSeatedBookingInput_2024_08_13 has no cancelSubsequentBookings ("for recurring non-seated booking"):
  // a seated series' seats are cancelled one occurrence at a time, each by its booking's uid and its own seatUid.
  if (input.cancelSubsequentBookings) {
    const message = "A seat is cancelled one occurrence at a time: send each occurrence's uid with its seatUid, without cancelSubsequentBookings";
    throw new AppError("BAD_REQUEST", message, [{ path: "body.cancelSubsequentBookings", message }]);
  }
  const byEmail = caller.byEmail ?? (await callerEmail(actor));
  return db.$transaction(async (tx) => {
    const { view, emptied } = await withdrawSeat(tx, actor, bookingUid, {
      seatUid: input.seatUid,
      reason: input.cancellationReason,
      byEmail,
      check: caller.check,
      refusal: cancelRefusal,
    });
    // The meeting stays for the other seats; calendar sync writes the booking's event again without this attendee.
    await emitBookingEvent(tx, "BOOKING_CANCELLED", view, emptied ? {} : { skip: ["conferencing"] });
    const row = await tx.booking.findUniqueOrThrow({ where: { uid: bookingUid }, select: SEATED_SELECT });
    return seatedOutputAs(tx, actor, row, null);
  });
}

/**
 * Move one seat to `start` (RescheduleSeatedBookingInput_2024_08_13): a seat in the slot's booking there (made if the
 * slot has none yet, checked as any booking), with the seat's attendee and answers; the old seat is given up in the
 * same transaction, and the others keep theirs. Answers CreateSeatedBookingOutput_2024_08_13 for the new seat.
 */
export async function rescheduleSeat(
  actor: Actor | null,
  bookingUid: string,
  input: { seatUid: string; start: Date; reschedulingReason?: string; rescheduledBy?: string },
  caller: SeatCaller = {},
): Promise<TSeatedBookingOutput> {
  const seat = await db.bookingSeat.findUnique({
    where: { uid: input.seatUid },
    select: { ...SEAT_SELECT, metadata: true, attendee: true, booking: { select: { uid: true, start: true, eventTypeId: true, location: true } } },
  });
  if (!seat || seat.booking.uid !== bookingUid) throw seatNotFound();
  if (seat.booking.eventTypeId === null) throw new AppError("BAD_REQUEST", "The event type of this booking no longer exists");
  if (seat.booking.start.getTime() === input.start.getTime()) throw new AppError("BAD_REQUEST", "The seat is already at this time: choose another start");
  const eventType = await loadBookableEventType(db, seat.booking.eventTypeId);
  const { attendee } = seat;
  const booking = {
    eventTypeId: eventType.id,
    start: input.start,
    attendee: {
      name: attendee.name,
      email: attendee.email,
      timeZone: attendee.timeZone,
      language: attendee.language,
      ...(attendee.phoneNumber ? { phoneNumber: attendee.phoneNumber } : {}),
    },
    metadata: seat.metadata,
  } as TCreateBookingInput;
  const answers: BookerAnswers = {
    bookingFieldsResponses: seat.bookingFieldsResponses as BookerAnswers["bookingFieldsResponses"],
    location: seat.booking.location as TLocationInput | null,
  };
  const byEmail = input.rescheduledBy ?? caller.byEmail ?? (await callerEmail(actor));
  const moved = await moveSeat(eventType, booking, answers, {
    withdraw: async (tx) => {
      const { view } = await withdrawSeat(tx, actor, bookingUid, {
        seatUid: input.seatUid,
        reason: input.reschedulingReason,
        byEmail,
        check: caller.check,
        refusal: rescheduleRefusal,
      });
      return view;
    },
  });
  return newSeatOutput(actor, { ...moved, seatUid: moved.seatUid! });
}

/**
 * The whole of a seated booking moved by its managers (booking-lifecycle.ts rescheduleBooking copies its attendees to the
 * new booking): its seats go with their attendees, and so do its capacity and count. The old booking keeps copies of
 * the attendees, as any rescheduled booking does, without seats.
 */
export async function moveSeatsWithBooking(tx: Tx, fromBookingId: number, to: { id: number; attendees: { id: number }[] }): Promise<void> {
  const from = await tx.booking.findUniqueOrThrow({
    where: { id: fromBookingId },
    select: { seatCapacity: true, seatsTaken: true, attendees: { select: { id: true }, orderBy: { id: "asc" } } },
  });
  if (from.seatCapacity === null) return;
  await tx.booking.update({ where: { id: to.id }, data: { seatCapacity: from.seatCapacity, seatsTaken: from.seatsTaken }, select: { id: true } });
  // The copies were made in the old attendees' order (by id), so the n-th old attendee is the n-th new one.
  for (const [index, attendee] of from.attendees.entries()) {
    const copy = to.attendees[index];
    if (copy) await tx.bookingSeat.updateMany({ where: { attendeeId: attendee.id }, data: { bookingId: to.id, attendeeId: copy.id } });
  }
  await tx.booking.update({ where: { id: fromBookingId }, data: { seatsTaken: 0 }, select: { id: true } });
}
