/**
 * The plan of a booking: the only place that decides which path a request takes, and what follows when a path gives it
 * back ({ retry: reason }, outcomes.ts: nothing was written). As node-oidc-provider's authorization is a table of
 * named steps, a path is a column of the table below: the steps it runs, in this order.
 *
 * | step \ path                              | kept row         | one round trip   | round robin's claim | under the lock | keyed          |
 * |------------------------------------------|------------------|------------------|---------------------|----------------|----------------|
 * | the event type's row (sharing.ts)         | this instance's copy | shared read  | shared read         | shared read    | shared read    |
 * | who may book, the answers (check-booker)  | before the lock  | before the lock  | before the lock     | before the lock | under the lock |
 * | one request per slot (sharing.ts flights) | yes              | yes              | no: other hosts     | yes            | no             |
 * | ids for the insert (sharing.ts id blocks) | yes              | yes              | pipelined tries     | no             | no             |
 * | the slot before any lock (slots.service)  | without the database's busy time | without, else with | with | with     | no             |
 * | the hosts' locks                          | in the batch     | in the batch     | the hosts it takes  | every host     | every host     |
 * | the check under them                      | in the batch     | in the batch     | per host taken      | confirmSlotUnderLock | the whole check |
 * | the insert and its event (new-booking.ts) | in the batch     | in the batch     | in its try          | in the transaction | in the transaction |
 * | round trips to write                      | 1                | 1                | 2 per try (pipelined) | one a statement | one a statement |
 * | file                                      | one-round-trip.ts | one-round-trip.ts | round-robin-claim.ts | under-lock.ts | under-lock.ts  |
 *
 * The series path (under-lock.ts: bookSeries) is one more column, for a recurring event type: the fresh row; who may book, under the
 * lock; no slot flight (its starts are many); no id blocks; the connected calendars read before the lock for every
 * occurrence; every host's lock; each occurrence's whole check under it; its inserts and events in the transaction;
 * one statement a round trip. Keyed or not, as under the lock.
 *
 * Which path: a request with an Idempotency-Key is keyed. Else a row kept by this instance tries the kept-row path
 * (the common booking; a retry of any reason falls through to a fresh row). On the fresh row, the one round trip is
 * tried when the request may be written so (mayWriteInOneRoundTrip); its retry, or any other request, has its slot
 * checked with the busy time read, and pathOf that check decides between the one round trip, round robin's claim and
 * the path under the lock. A recurring event type (or any request with recurrenceCount) takes the series path, decided
 * on the fresh row before any other: seriesOf.
 *
 * Seats (seats.ts) are a path of their own, chosen on the fresh row before the series: a seated event type's booking is
 * joined by a conditional update of its seat count (no host lock), and its first seat is written under every host's
 * lock. Its keys are per seat. A seated event type that recurs takes the seated series path (seat-series.ts): a seat in
 * every occurrence, joined or first, in one transaction under every host's lock; its key names the series.
 */
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { rulesReadOtherBookings } from "../../slots/event-type-rules";
import { externalBusyOf, prepareSlot, type PreparedSlot } from "../../slots/slots.service";
import { candidateHostIds, hostUsersOf, slotUnavailableError, type BookableEventType } from "../booking-rules";
import type { TCreateBookingInput } from "../booking.schemas";
import type { Actor } from "../../auth/actor";
import { checkBooker, type BookerAnswers } from "./check-booker";
import { checkInTheBatch, idsForOneRoundTrip, slotInputOf, writeInOneRoundTrip } from "./one-round-trip";
import { booked, type BookingRequest, type CreateBookingResult, type Outcome } from "./outcomes";
import { bookRoundRobin } from "./round-robin-claim";
import { inSlotFlight, keptBookableRow, readBookableEventType, slotFlightKey, type KeptRow } from "./sharing";
import { bookSeries, requestFingerprint, seriesOf, writeUnderLock } from "./under-lock";
import { routedTeamMemberIds } from "../../routing-forms/routed-booking";
import { bookSeat } from "./seats";
import { bookSeatSeries } from "./seat-series";
import { withRoutedHosts } from "../../slots/routed-hosts";
import { recurrenceOf } from "../../event-types/recurrence";

/** A seated event type's bookings take the seat path (seats.ts). */
export const isSeated = (eventType: Pick<BookableEventType, "seatsPerTimeSlot">) => (eventType.seatsPerTimeSlot ?? null) !== null;

/** The paths a checked slot may be written by (the table's columns but kept row and keyed, which are one round trip and under the lock). */
export type WritePath = "round-robin-claim" | "one-round-trip" | "under-lock";

type Request = { input: Pick<TCreateBookingInput, "privateLink" | "recurrenceCount">; reservationUid?: string };

/** Whether a booking of this event type may lock only the hosts it takes: round robin whose rules read no other booking (limits count every host's). */
export const locksChosenHostsOnly = (eventType: BookableEventType) =>
  eventType.schedulingType === "ROUND_ROBIN" && eventType.hosts.length > 0 && !rulesReadOtherBookings(eventType);

/** What can be told before the slot is checked: whether the one round trip is possible at all. */
export function mayWriteInOneRoundTrip(eventType: BookableEventType, request: Request): boolean {
  if (recurrenceOf(eventType.recurrence) !== null || request.input.recurrenceCount !== undefined) return false;
  return writesWithoutLockedReads(eventType, request);
}

/**
 * Whether a booking (or each occurrence of a series: series-batch.ts) needs nothing read under the lock but whether its
 * hosts were taken since its check: it books every host the row names, with no key, link, reservation or counting rule.
 */
export function writesWithoutLockedReads(eventType: BookableEventType, { input, reservationUid }: Request): boolean {
  if (eventType.schedulingType === "ROUND_ROBIN" || rulesReadOtherBookings(eventType) || isSeated(eventType)) return false;
  if (input.privateLink || reservationUid) return false;
  if (eventType.hosts.length === 0 && eventType.userId === null) return false;
  return hostUsersOf(eventType, candidateHostIds(eventType)) !== null;
}

/** The path of a checked slot. */
export function pathOf(eventType: BookableEventType, prepared: PreparedSlot, request: Request): WritePath {
  if (locksChosenHostsOnly(eventType)) return "round-robin-claim";
  if (!mayWriteInOneRoundTrip(eventType, request) || prepared.redirectedFrom) return "under-lock";
  // The batch books every candidate host, so each must have been free (a collective event's rule; for one host, the same).
  const free = new Set(prepared.freeHostIds);
  return candidateHostIds(eventType).every((id) => free.has(id)) ? "one-round-trip" : "under-lock";
}

/** Round robin can give the same slot to another free host, so its requests never wait on each other in a slot flight. */
function oneAtATimePerSlot(eventType: BookableEventType, input: TCreateBookingInput, book: () => Promise<Outcome>): Promise<Outcome> {
  if (eventType.schedulingType === "ROUND_ROBIN") return book();
  const key = slotFlightKey(eventType.id, input.start, input.lengthInMinutes ?? eventType.lengthInMinutes);
  return inSlotFlight(key, book, (outcome) => "booked" in outcome && outcome.booked.created);
}

/** The kept-row path: the common booking on this instance's copy of its event type's row. Any retry: decide on a fresh row. */
async function bookOnKeptRow({ row: eventType, hash }: KeptRow, input: TCreateBookingInput, request: BookingRequest): Promise<Outcome> {
  if (!mayWriteInOneRoundTrip(eventType, { input, reservationUid: request.reservationUid })) return { retry: "other-path" };
  let answers: BookerAnswers;
  try {
    answers = await checkBooker(db, eventType, input);
  } catch (error) {
    if (error instanceof AppError) return { retry: "refused-on-kept-row" };
    throw error;
  }
  const ids = idsForOneRoundTrip(input);
  return oneAtATimePerSlot(eventType, input, () => checkInTheBatch(eventType, input, answers, request, ids, hash));
}

/** On the fresh row: the one round trip if it may be; else (or on its retry) the slot checked before any lock, then its path. */
async function checkThenWrite(eventType: BookableEventType, input: TCreateBookingInput, answers: BookerAnswers, request: BookingRequest): Promise<Outcome> {
  const slotInput = slotInputOf(eventType, input, request);
  const writeRequest = { input, reservationUid: request.reservationUid };
  const ids = mayWriteInOneRoundTrip(eventType, writeRequest) ? idsForOneRoundTrip(input) : null;
  if (ids) {
    // The ids stay unused on a retry: its batch rolled back, or was not sent.
    const outcome = await checkInTheBatch(eventType, input, answers, request, ids);
    if ("booked" in outcome) return outcome;
  }
  const prepared = await prepareSlot(eventType, slotInput);
  if (!prepared.available) throw slotUnavailableError(prepared);
  const early = { prepared, answers };
  switch (pathOf(eventType, prepared, writeRequest)) {
    case "round-robin-claim":
      return booked(await bookRoundRobin({ eventType, input, reservationUid: request.reservationUid, early }));
    case "one-round-trip":
      return writeInOneRoundTrip(eventType, input, answers, prepared, ids!);
    case "under-lock":
      return booked(
        await writeUnderLock({
          eventType,
          input,
          slotInput,
          externalBusy: prepared.input.externalBusy,
          early,
          keyed: null,
          reservationUid: request.reservationUid,
        }),
      );
  }
}

/** The keyed path: every check under the lock, where a retry of the same request finds the booking it made. */
async function bookKeyed(actor: Actor | null, eventType: BookableEventType, input: TCreateBookingInput, request: BookingRequest & { idempotencyKey: string }) {
  // Connected calendars are asked over HTTP, so before the transaction.
  const slotInput = slotInputOf(eventType, input, request);
  const keyed = { idempotencyKey: request.idempotencyKey, fingerprint: requestFingerprint(input, actor) };
  const externalBusy = await externalBusyOf(eventType, slotInput);
  return writeUnderLock({ eventType, input, slotInput, externalBusy, early: null, keyed, reservationUid: request.reservationUid });
}

/** Booked, or the refusal the booker hears (an AppError). */
export async function bookByPlan(actor: Actor | null, eventTypeId: number, input: TCreateBookingInput, request: BookingRequest): Promise<CreateBookingResult> {
  const { idempotencyKey } = request;
  const kept = idempotencyKey ? undefined : keptBookableRow(eventTypeId);
  // A routed booking takes the fresh row, where its response is checked.
  const onKeptRow = kept && !input.routing && (await bookOnKeptRow(kept, input, request));
  if (onKeptRow && "booked" in onKeptRow) return onKeptRow.booked;
  // A routing form's round robin books among the hosts its route chose (routed-hosts.ts), slots and claim alike.
  const eventType = withRoutedHosts(await readBookableEventType(eventTypeId), await routedTeamMemberIds(input.routing));
  const series = seriesOf(eventType, input);
  if (isSeated(eventType)) return series ? bookSeatSeries({ actor, eventType, input, series, request }) : bookSeat(actor, eventType, input, request);
  if (series) {
    const keyed = idempotencyKey ? { idempotencyKey, fingerprint: requestFingerprint(input, actor) } : null;
    return bookSeries({ eventType, input, series, request, keyed });
  }
  if (idempotencyKey) return bookKeyed(actor, eventType, input, { ...request, idempotencyKey });
  const answers = await checkBooker(db, eventType, input);
  const outcome = await oneAtATimePerSlot(eventType, input, () => checkThenWrite(eventType, input, answers, request));
  if ("booked" in outcome) return outcome.booked;
  // The batch of a checked slot checks neither a kept row nor unread busy time: it cannot ask for a retry.
  throw new Error(`A booking's last path asked for a retry (${outcome.retry})`);
}
