/**
 * The seated series path (plan.ts): an event type with both seats and a recurrence books one seat in each occurrence,
 * all or none, in one transaction. At each occurrence's start the live seated booking there is joined (the conditional
 * seatsTaken update of the seat path, seats.ts), or, with none there yet, that occurrence's first seat is written,
 * checked as any booking (isSlotAvailable: schedule, limits counting the occurrences written before it, buffers,
 * out-of-office, the connected calendars read before the transaction). A full or unavailable occurrence refuses the
 * series with a 409 naming it (occurrenceRefused, as bookSeries); the rollback gives back every seat taken before it.
 *
 * Every host is locked first, as a first seat locks them: a series may write first seats, and taking a host's lock
 * after holding a booking's row (a join) could deadlock with a first seat that holds the lock and joins that row.
 * Single joiners take no host lock and queue on the booking's row; the CHECK constraint seatsTaken <= seatCapacity
 * and the guarded update stay the backstop, so no occurrence ever passes its capacity.
 *
 * The series' uid (recurringBookingUid) is the bookings': an occurrence joined keeps the uid of the series that made
 * it (the peer keeps the first booker's), and the occurrences this series makes take the uid of the first occurrence
 * it joins, or a new one. A joined booking made as a single seat (before the event type recurred) takes this series'
 * uid, so every occurrence of the answer names a series that GET /v2/bookings/{recurringBookingUid} reads.
 *
 * An Idempotency-Key names the seated series: it is stored on each of its seats (one per booking), and a repeat,
 * which queues on the same host locks, answers the same seats.
 */
import type { Actor } from "../../auth/actor";
import { db, type Tx } from "../../db/client";
import { AppError } from "../../errors";
import { emitBookingEvent } from "../../events/booking-events";
import { occurrenceStarts, type TRecurrence } from "../../event-types/recurrence";
import { consumePrivateLinkUse } from "../../event-types/private-link.service";
import { rulesReadOtherBookings } from "../../slots/event-type-rules";
import { externalBusyOf, isSlotAvailable, type SlotCheckInput } from "../../slots/slots.service";
import type { ExternalBusy } from "../../slots/slot-inputs";
import { attendeeEmailOf } from "../booking-field-responses";
import { BOOKING_TX_OPTIONS, candidateHostIds, chooseHosts, slotTakenError, slotUnavailableError, type BookableEventType } from "../booking-rules";
import { BOOKING_SELECT, type TBookingOutput } from "../booking.dto";
import type { TCreateBookingInput } from "../booking.schemas";
import { lockHosts } from "../host-lock";
import { checkBooker, type BookerAnswers } from "./check-booker";
import { insertBooking, newBookingEventType, newBookingUid } from "./new-booking";
import type { BookingRequest, CreateBookingResult } from "./outcomes";
import { lastBookedAt } from "./round-robin-claim";
import { addSeat, assertOneAttendee, assertStillBookable, LIVE, newSeatBooking, noSeatsLeftError, seatView, type Keyed } from "./seats";
import { idempotencyKeyReusedError, intersect, occurrenceRefused, requestFingerprint } from "./under-lock";

type Occurrence = { index: number; start: Date; slotInput: Omit<SlotCheckInput, "externalBusy">; externalBusy: ExternalBusy };
type LiveSeated = { id: number; start: Date; recurringBookingUid: string | null; hosts: { userId: number }[] };
type Written = { booking: TBookingOutput; seatUid: string };

/** A keyed seated series repeated: the seats its key took, in start order (null: the key is new). */
async function earlierSeatSeries(tx: Tx, keyed: Keyed): Promise<Written[] | null> {
  if (!keyed) return null;
  const seats = await tx.bookingSeat.findMany({
    where: { idempotencyKey: keyed.idempotencyKey },
    select: { uid: true, attendeeId: true, bookingFieldsResponses: true, idempotencyFingerprint: true, booking: { select: BOOKING_SELECT } },
  });
  if (seats.length === 0) return null;
  // The same key on another request (a single seat's, another series') is refused, as for any keyed booking.
  if (seats.some((seat) => seat.idempotencyFingerprint !== keyed.fingerprint)) throw idempotencyKeyReusedError();
  seats.sort((a, b) => a.booking.start.getTime() - b.booking.start.getTime());
  return seats.map((seat) => ({ booking: seatView(seat.booking, seat), seatUid: seat.uid }));
}

/** The live seated booking at each occurrence's start, in one read (under the hosts' locks, so no first seat appears meanwhile). */
async function liveSeatedAt(tx: Tx, eventTypeId: number, starts: Date[]): Promise<Map<number, LiveSeated>> {
  const rows = await tx.booking.findMany({
    where: { eventTypeId, start: { in: starts }, seatCapacity: { not: null }, status: { in: [...LIVE] } },
    select: { id: true, start: true, recurringBookingUid: true, hosts: { select: { userId: true } } },
    orderBy: { id: "asc" },
  });
  const byStart = new Map<number, LiveSeated>();
  for (const row of rows) if (!byStart.has(row.start.getTime())) byStart.set(row.start.getTime(), row);
  return byStart;
}

/**
 * The hosts of the occurrences this series writes: round robin keeps one host for the series (bookSeries' rule), the
 * host of the bookings it joins when that host is free at every new occurrence, else the best host free at all of them.
 */
async function hostsOfNewOccurrences(tx: Tx, eventType: BookableEventType, free: number[], joined: LiveSeated[]): Promise<number[]> {
  const rotatingSince = eventType.schedulingType === "ROUND_ROBIN" ? await lastBookedAt(tx, eventType.id, free) : undefined;
  const joinedHosts = new Set(joined.flatMap((booking) => booking.hosts.map(({ userId }) => userId)));
  const alongside =
    joinedHosts.size > 0
      ? chooseHosts(
          eventType,
          free.filter((id) => joinedHosts.has(id)),
          rotatingSince,
        )
      : [];
  return alongside.length > 0 ? alongside : chooseHosts(eventType, free, rotatingSince);
}

/** Each new occurrence checked as any booking under the lock; the hosts free at every one of them. */
async function checkNewOccurrences(tx: Tx, occurrences: Occurrence[]): Promise<{ free: number[]; ends: Map<number, Date> }> {
  let free: number[] | null = null;
  const ends = new Map<number, Date>();
  for (const { index, start, slotInput, externalBusy } of occurrences) {
    const slot = await isSlotAvailable(tx, { ...slotInput, externalBusy });
    if (!slot.available) throw occurrenceRefused(slotUnavailableError(slot), index, start);
    free = intersect(free, slot);
    ends.set(index, slot.end);
  }
  return { free: free ?? [], ends };
}

type SeriesSeat = { eventType: BookableEventType; input: TCreateBookingInput; answers: BookerAnswers; keyed: Keyed; recurringBookingUid: string };

/** One more seat of an occurrence's live booking, or the series refused naming the occurrence when none is left. */
async function joinOccurrence(tx: Tx, seated: LiveSeated, { start, index }: Occurrence, ask: SeriesSeat): Promise<Written> {
  const taken = await tx.$executeRaw`
    UPDATE "Booking" SET "seatsTaken" = "seatsTaken" + 1, "updatedAt" = now() AT TIME ZONE 'UTC',
           "recurringBookingUid" = COALESCE("recurringBookingUid", ${ask.recurringBookingUid})
     WHERE id = ${seated.id} AND status IN ('ACCEPTED', 'PENDING') AND "seatsTaken" < "seatCapacity"`;
  if (taken !== 1) throw occurrenceRefused(noSeatsLeftError(), index, start);
  const { attendee } = ask.input;
  const attendeeRow = { ...attendee, email: attendeeEmailOf(attendee), phoneNumber: attendee.phoneNumber ?? null };
  const seat = await addSeat(tx, seated.id, attendeeRow, ask.answers, { ...ask.input, start }, ask.keyed);
  const row = await tx.booking.findUniqueOrThrow({ where: { id: seated.id }, select: BOOKING_SELECT });
  return { booking: seatView(row, seat), seatUid: seat.uid };
}

/** An occurrence's first seat: its booking, titled by the event type, with the series' uid and its capacity. */
async function firstSeatOfOccurrence(tx: Tx, { start }: Occurrence, end: Date, hostIds: number[], ask: SeriesSeat): Promise<Written> {
  const { eventType, answers, keyed } = ask;
  const input = { ...ask.input, start };
  const { booking } = newSeatBooking(eventType, input, answers, hostIds, end);
  const row = await insertBooking(tx, { ...booking, recurringBookingUid: ask.recurringBookingUid });
  await tx.booking.update({ where: { id: row.id }, data: { seatCapacity: eventType.seatsPerTimeSlot!, seatsTaken: 1 }, select: { id: true } });
  const seat = await addSeat(tx, row.id, row.attendees[0]!, answers, input, keyed);
  return { booking: seatView(row, seat), seatUid: seat.uid };
}

/**
 * Each seat's event, as a single seat's: the first seat of a booking makes its meeting; every seat has calendar sync
 * write the booking's one event again from all its seats (calendars/booking-sync.ts syncSeatedBooking). One mail for the series, with its first occurrence (booking-mail.ts lists the
 * attendee's occurrences); webhooks and workflows get every seat of every occurrence.
 */
function emitOccurrenceSeat(tx: Tx, eventType: BookableEventType, written: Written, { joined, first }: { joined: boolean; first: boolean }) {
  const skip = [...(joined ? (["conferencing"] as const) : []), ...(first ? [] : (["mail"] as const))];
  return emitBookingEvent(tx, newBookingEventType(written.booking), written.booking, { teamId: eventType.teamId, skip });
}

type SeatSeriesWrite = {
  actor: Actor | null;
  eventType: BookableEventType;
  input: TCreateBookingInput;
  series: { recurrence: TRecurrence; count: number };
  request: BookingRequest;
};

/** The seated series: a seat in every occurrence (seatUids in start order), or the refusal naming the occurrence that has none. */
export async function bookSeatSeries({ actor, eventType, input, series, request }: SeatSeriesWrite): Promise<CreateBookingResult> {
  assertOneAttendee(input);
  const answers = await checkBooker(db, eventType, input);
  const keyed = request.idempotencyKey ? { idempotencyKey: request.idempotencyKey, fingerprint: requestFingerprint(input, actor) } : null;
  const starts = occurrenceStarts(input.start, series.recurrence, series.count, input.attendee.timeZone);
  // Connected calendars are asked over HTTP, so before the transaction; an occurrence that is joined does not use its read.
  const occurrences: Occurrence[] = await Promise.all(
    starts.map(async (start, index) => {
      const slotInput = { eventTypeId: eventType.id, start, lengthInMinutes: input.lengthInMinutes, ignoreReservationUid: request.reservationUid };
      return { index, start, slotInput, externalBusy: await externalBusyOf(eventType, slotInput) };
    }),
  );
  const { written, created } = await db.$transaction(async (tx): Promise<{ written: Written[]; created: boolean }> => {
    await lockHosts(tx, candidateHostIds(eventType));
    const earlier = await earlierSeatSeries(tx, keyed);
    if (earlier) return { written: earlier, created: false };
    const live = await liveSeatedAt(tx, eventType.id, starts);
    const seatedOf = (occurrence: Occurrence) => live.get(occurrence.start.getTime());
    for (const occurrence of occurrences) {
      if (!seatedOf(occurrence)) continue;
      try {
        assertStillBookable(eventType, occurrence.start);
      } catch (error) {
        throw error instanceof AppError ? occurrenceRefused(error, occurrence.index, occurrence.start) : error;
      }
    }
    const fresh = occurrences.filter((occurrence) => !seatedOf(occurrence));
    const joined = occurrences.flatMap((occurrence) => seatedOf(occurrence) ?? []);
    const { free, ends } = await checkNewOccurrences(tx, fresh);
    const hostIds = fresh.length > 0 ? await hostsOfNewOccurrences(tx, eventType, free, joined) : [];
    if (fresh.length > 0 && hostIds.length === 0) throw slotTakenError();
    if (input.privateLink && !(await consumePrivateLinkUse(tx, input.privateLink))) {
      throw new AppError("NOT_FOUND", "This private link is invalid or has expired");
    }
    const recurringBookingUid = joined.find((booking) => booking.recurringBookingUid !== null)?.recurringBookingUid ?? newBookingUid();
    const ask: SeriesSeat = { eventType, input, answers, keyed, recurringBookingUid };
    const written: Written[] = [];
    for (const occurrence of occurrences) {
      const seated = seatedOf(occurrence);
      // Limits and other rules that count bookings: a later new occurrence again, counting the ones written before it.
      if (!seated && written.length > 0 && rulesReadOtherBookings(eventType)) {
        const slot = await isSlotAvailable(tx, { ...occurrence.slotInput, externalBusy: occurrence.externalBusy });
        if (!slot.available || !hostIds.every((id) => slot.freeHostIds.includes(id))) {
          throw occurrenceRefused(slotUnavailableError(slot), occurrence.index, occurrence.start);
        }
      }
      const seat = seated
        ? await joinOccurrence(tx, seated, occurrence, ask)
        : await firstSeatOfOccurrence(tx, occurrence, ends.get(occurrence.index)!, hostIds, ask);
      await emitOccurrenceSeat(tx, eventType, seat, { joined: seated !== undefined, first: written.length === 0 });
      written.push(seat);
    }
    if (request.reservationUid) await tx.slotReservation.deleteMany({ where: { uid: request.reservationUid, eventTypeId: eventType.id } });
    return { written, created: true };
  }, BOOKING_TX_OPTIONS);
  return {
    booking: written[0]!.booking,
    series: written.map(({ booking }) => booking),
    seatUid: written[0]!.seatUid,
    seatUids: written.map(({ seatUid }) => seatUid),
    created,
  };
}
