/** POST /v2/bookings: a new booking at a free slot, decided one at a time per host. */
import type { Principal } from "../auth/principal";
import { db, type Tx } from "../db/client";
import { AppError } from "../errors";
import { assertVisible, consumePrivateLinkUse } from "../event-types/private-link.service";
import { confirmSlotUnderLock, externalBusyOf, isSlotAvailable, prepareSlot, type PreparedSlot, type SlotCheckInput } from "../slots/slots.service";
import type { ExternalBusy } from "../slots/slot-inputs";
import { inSlotFlight, slotFlightKey } from "./slot-flights";
import { sharedReads } from "../db/shared-reads";
import { BOOKING_SELECT, toBookingOutput, type TBookingOutput } from "./booking.dto";
import { resolveBookingLocation } from "./booking-location";
import { emitBookingEvent } from "../events/booking-events";
import type { TCreateBookingInput, TLocationInput } from "./booking.schemas";
import {
  BOOKING_TX_OPTIONS,
  candidateHostIds,
  chooseHosts,
  hostNameOf,
  eventTypeNotFoundError,
  type BookableEventType,
  slotBookingData,
  slotTakenError,
  slotUnavailableError,
  idleSubscribersOfNewBooking,
} from "./booking-rules";
import { bookingTitle } from "./booking-title";
import { insertBooking } from "./booking-insert";
import { queryBookableRow } from "./bookable-row-query";
import { assertGuestsAllowed } from "./guest-policy";
import { isOverlapViolation, lockHosts } from "./host-lock";
import { claimRoundRobinHosts, lastBookedAt, lockStandIns, locksChosenHostsOnly, rankPreparedHosts } from "./round-robin";
import { idempotencyKeyReusedError, requestFingerprint } from "./idempotency-key";
import { countBookingAttempt } from "./booking-rate-limit";
import { checkBookingFieldsResponses } from "./booking-field-responses";
import type { Prisma } from "../db/generated/client";
import { resolveEventTypeId } from "./event-type-reference";
import { attendeeEmailOf } from "./phone-only-attendee";

export type CreateBookingResult = { booking: TBookingOutput; created: boolean };

/** Any event type: a key names one request, so the same key sent for another event type is a different request. */
async function findByIdempotencyKey(tx: Tx, idempotencyKey: string) {
  return tx.booking.findFirst({ where: { idempotencyKey }, orderBy: { id: "asc" }, select: { ...BOOKING_SELECT, idempotencyFingerprint: true } });
}

/** The booker's answers to the form, checked: its questions, and where the meeting takes place (booking-location.ts). */
type BookerAnswers = { bookingFieldsResponses: Prisma.InputJsonObject; location: TLocationInput | null };

/** The slot checked before the lock, with the booker's answers checked too. */
type EarlyCheck = { prepared: PreparedSlot; answers: BookerAnswers };

/** The same checks, inside the transaction after the lock (requests with an idempotency key). */
async function checkUnderLock(tx: Tx, eventType: BookableEventType, input: TCreateBookingInput, slotInput: SlotCheckInput) {
  const answers = await checkBooker(tx, eventType, input);
  return { slot: await isSlotAvailable(tx, slotInput), answers };
}

/** Whether this booker may book it (hidden event types, guests) and the answers to its form, checked against the loaded event type. */
async function checkBooker(client: Tx, eventType: BookableEventType, input: TCreateBookingInput): Promise<BookerAnswers> {
  await assertVisible(client, eventType, input.privateLink);
  assertGuestsAllowed(eventType, input.guests);
  const bookingFieldsResponses = checkBookingFieldsResponses(eventType.bookingFields, input) as Prisma.InputJsonObject;
  return { bookingFieldsResponses, location: resolveBookingLocation(eventType.locations, input) };
}

type WriteRequest = {
  eventType: BookableEventType;
  input: TCreateBookingInput;
  slotInput: Omit<SlotCheckInput, "externalBusy">;
  /** The checks made before the lock, to be confirmed under it; null: make every check under the lock. */
  early: EarlyCheck | null;
  externalBusy: ExternalBusy;
  idempotencyKey: string | null;
  fingerprint: string | null;
  reservationUid: string | undefined;
  /** Round robin locking only the hosts it takes (round-robin.ts): the rotating hosts to try, best first, and the one to wait for. */
  rotation?: { ranked: number[]; waitFor: number | null };
};

/** Thrown out of the transaction (rolling it back, releasing its locks) when hosts it skipped must be tried again. */
class RetryRotation {
  constructor(readonly hosts: number[]) {}
}

/** The booking's transaction: the host lock, what must be decided under it, and the insert. */
function writeBooking({ eventType, input, slotInput, early, externalBusy, idempotencyKey, fingerprint, reservationUid, rotation }: WriteRequest) {
  // The response is built inside the transaction: a row that cannot be turned into one rolls back.
  return db.$transaction(async (tx): Promise<CreateBookingResult> => {
    let claimed: number[] | null = null;
    // Without a claim: every host, and the members the checked slot would hand an away host's booking to (round-robin.ts).
    const locked = [...candidateHostIds(eventType), ...(early?.prepared.redirectedFrom?.keys() ?? [])];
    if (rotation && early) {
      const claim = await claimRoundRobinHosts(tx, early.prepared, eventType, rotation.ranked, rotation.waitFor);
      if (claim.hostIds === null) throw new RetryRotation(claim.retry);
      if (claim.hostIds.length === 0) throw slotTakenError();
      claimed = claim.hostIds;
    } else await lockHosts(tx, locked);
    if (idempotencyKey) {
      const earlier = await findByIdempotencyKey(tx, idempotencyKey);
      // Bookings made before fingerprints were stored have none: their retries are answered as before.
      if (earlier && earlier.idempotencyFingerprint !== null && earlier.idempotencyFingerprint !== fingerprint) throw idempotencyKeyReusedError();
      if (earlier) return { booking: toBookingOutput(earlier), created: false };
    }
    const { slot, answers } = claimed
      ? { slot: { available: true, freeHostIds: claimed, end: early!.prepared.end }, answers: early!.answers }
      : early
        ? { slot: await confirmSlotUnderLock(tx, early.prepared), answers: early.answers }
        : await checkUnderLock(tx, eventType, input, { ...slotInput, externalBusy });
    const { bookingFieldsResponses, location } = answers;
    if (!slot.available) throw slotUnavailableError(slot);
    if (input.privateLink && !(await consumePrivateLinkUse(tx, input.privateLink))) {
      throw new AppError("NOT_FOUND", "This private link is invalid or has expired");
    }
    const rotatingSince = eventType.schedulingType === "ROUND_ROBIN" && !claimed ? await lastBookedAt(tx, eventType.id, slot.freeHostIds) : undefined;
    const hostIds = claimed ?? chooseHosts(eventType, slot.freeHostIds, rotatingSince, slot.redirectedFrom);
    if (hostIds.length === 0) throw slotTakenError();
    // A stand-in found by the check under the lock (idempotent requests) is locked and checked now.
    if (!claimed && !(await lockStandIns(tx, eventType, hostIds, locked, { start: input.start, end: slot.end }, slotInput))) throw slotTakenError();
    const { attendee, guests = [] } = input;
    const attendeeEmail = attendeeEmailOf(attendee);
    const hostName = hostNameOf(eventType, hostIds[0]!);
    const { status } = slotBookingData(eventType, input.start, slot.end, hostIds);
    const row = await insertBooking(tx, {
      eventTypeId: eventType.id,
      start: input.start,
      end: slot.end,
      status,
      hostIds,
      title: bookingTitle({ ...eventType, eventTitle: eventType.title, hostName, attendeeName: attendee.name, location }),
      description: eventType.description,
      location,
      metadata: input.metadata ?? {},
      idempotencyKey,
      idempotencyFingerprint: fingerprint,
      bookingFieldsResponses,
      attendees: [
        { name: attendee.name, email: attendeeEmail, timeZone: attendee.timeZone, language: attendee.language, phoneNumber: attendee.phoneNumber ?? null },
        ...[...new Set(guests)]
          .filter((email) => email !== attendeeEmail)
          .map((email) => ({ name: email.split("@")[0]!, email, timeZone: attendee.timeZone, language: attendee.language, isGuest: true })),
      ],
    });
    if (reservationUid) await tx.slotReservation.deleteMany({ where: { uid: reservationUid, eventTypeId: eventType.id } });
    const booking = toBookingOutput(row);
    // Mails, calendar writes and webhooks follow from this event, committed with the booking (server/events).
    // No host with a destination calendar, or no webhook that could take it: no job whose work would be to find that out.
    const skip = idleSubscribersOfNewBooking(eventType, hostIds);
    await emitBookingEvent(tx, booking.status === "pending" ? "BOOKING_REQUESTED" : "BOOKING_CREATED", booking, { teamId: eventType.teamId, skip });
    return { booking, created: true };
  }, BOOKING_TX_OPTIONS);
}

/** A burst of bookings for one event type reads it once per moment, never older than the request (shared-reads.ts). */
const readBookableEventType = sharedReads(async (eventTypeId: number) => {
  const eventType = await queryBookableRow(eventTypeId);
  if (!eventType) throw eventTypeNotFoundError();
  return eventType;
});

export async function createBooking(
  input: TCreateBookingInput,
  /**
   * clientAddress: from clientAddress(); absent only off the network (scripts, service tests).
   * reservationUid: a slot reservation the caller holds (slot-reservations.ts): its hold does not block this booking, which consumes it.
   */
  context: { principal: Principal | null; idempotencyKey: string | null; clientAddress?: string; reservationUid?: string },
): Promise<CreateBookingResult> {
  const { idempotencyKey } = context;
  const fingerprint = idempotencyKey ? requestFingerprint(input, context.principal) : null;
  const eventTypeId = await resolveEventTypeId(input);
  const attendeeEmail = attendeeEmailOf(input.attendee);
  const attempt = await countBookingAttempt({ principal: context.principal, clientAddress: context.clientAddress ?? "unknown" }, eventTypeId, attendeeEmail);
  let result: CreateBookingResult;
  let eventType: BookableEventType;
  try {
    const slotInput = { eventTypeId, start: input.start, lengthInMinutes: input.lengthInMinutes, ignoreReservationUid: context.reservationUid };
    eventType = await readBookableEventType(eventTypeId);
    const write = (early: EarlyCheck | null, externalBusy: ExternalBusy, rotation?: WriteRequest["rotation"]) =>
      writeBooking({ eventType, input, slotInput, early, externalBusy, idempotencyKey, fingerprint, reservationUid: context.reservationUid, rotation });
    if (idempotencyKey) {
      // A request with an idempotency key keeps every check under the lock: its retry must wait for the first
      // request and get that booking, even when the first used the private link's last use or the slot.
      // Connected calendars are asked over HTTP, so before the transaction.
      result = await write(null, await externalBusyOf(eventType, slotInput));
    } else {
      // Before the lock, everything that does not depend on the hosts' other bookings: who may book it and the
      // answers (a request refused for itself hears why, not 409), then the whole slot check, so a slot already
      // taken fails without queueing (prepareSlot asks connected calendars meanwhile).
      const answers = await checkBooker(db, eventType, input);
      const checkThenWrite = async () => {
        const prepared = await prepareSlot(eventType, slotInput);
        if (!prepared.available) throw slotUnavailableError(prepared);
        if (!locksChosenHostsOnly(eventType)) return write({ prepared, answers }, prepared.input.externalBusy);
        // Each try drops the hosts it found taken under their locks and keeps those another request held (round-robin.ts).
        let rotation = { ranked: await rankPreparedHosts(eventType, prepared), waitFor: null as number | null };
        for (;;) {
          try {
            return await write({ prepared, answers }, prepared.input.externalBusy, rotation);
          } catch (error) {
            if (!(error instanceof RetryRotation)) throw error;
            rotation = { ranked: error.hosts, waitFor: error.hosts[0]! };
          }
        }
      };
      // Round robin can give the same slot to another free host, so its requests never wait on each other here.
      result =
        eventType.schedulingType === "ROUND_ROBIN"
          ? await checkThenWrite()
          : await inSlotFlight(slotFlightKey(eventTypeId, input.start, input.lengthInMinutes ?? eventType.lengthInMinutes), checkThenWrite, (r) => r.created);
    }
  } catch (error) {
    await attempt.abandoned();
    if (isOverlapViolation(error)) throw slotTakenError();
    throw error;
  }
  if (!result.created) {
    await attempt.abandoned();
    return result;
  }
  await attempt.booked();
  return result;
}
