/**
 * Step, the write mode of round robin that locks only the hosts it takes (round-robin.ts): each try is a transaction
 * that claims the best free host whose lock it gets; a try that found every free host held by other requests ends
 * without writing (its locks go with it) and names them, and the next try waits for the first of them.
 *
 * The common round robin (rotating hosts only, no private link, no slot reservation, no out-of-office stand-in) tries
 * as a pipelined transaction (db/client.ts) of two round trips: BEGIN with the claim, then the statements of the free
 * slot's write (write-free-slot.ts: the check under the lock, the booking, its event) with COMMIT. The rest tries as an
 * interactive transaction, with code between its statements.
 */
import { db, pipelinedTransaction } from "../db/client";
import { checkSubscriberQueues, type DomainEventType } from "../events/domain-events";
import { AppError } from "../errors";
import { consumePrivateLinkUse } from "../event-types/private-link.service";
import { BOOKING_TX_OPTIONS, fixedHostIds, hostUsersOf, slotTakenError, type BookableEventType } from "./booking-rules";
import { reserveBookingIds } from "./booking-ids";
import type { ReservedIds } from "./booking-insert";
import { firstHostLockOf, lockHostsStatement, tryLockFirstHostStatement } from "./host-lock";
import { insertAndEmit } from "./insert-and-emit";
import { newBookingOf } from "./new-booking";
import { claimRoundRobinHosts, rankPreparedHosts } from "./round-robin";
import { freeSlotStatements, isSlotTakenUnderLock } from "./write-free-slot";
import type { CreateBookingResult, EarlyCheck, UnderLockWrite } from "./write-under-lock";

export type RoundRobinWrite = Pick<UnderLockWrite, "eventType" | "input" | "reservationUid"> & { early: EarlyCheck };

/** Which rotating hosts a try takes in turn, best first, and the one whose lock it waits for. */
type Rotation = { ranked: number[]; waitFor: number | null };

/** One try: booked, or the hosts another request held, to try again. */
type Try = { booked: CreateBookingResult } | { retry: number[] };

function claimAndWrite({ eventType, input, reservationUid, early }: RoundRobinWrite, rotation: Rotation): Promise<Try> {
  return db.$transaction(async (tx): Promise<Try> => {
    const claim = await claimRoundRobinHosts(tx, early.prepared, eventType, rotation.ranked, rotation.waitFor);
    if (claim.hostIds === null) return { retry: claim.retry }; // nothing written: committing it only lets the locks go
    if (claim.hostIds.length === 0) throw slotTakenError();
    if (input.privateLink && !(await consumePrivateLinkUse(tx, input.privateLink))) {
      throw new AppError("NOT_FOUND", "This private link is invalid or has expired");
    }
    const booking = newBookingOf(eventType, input, early.answers, { end: early.prepared.end, hostIds: claim.hostIds }, null);
    return { booked: { booking: await insertAndEmit(tx, eventType, booking, reservationUid), created: true } };
  }, BOOKING_TX_OPTIONS);
}

/** The events a new booking emits (insert-and-emit.ts newBookingEventType). */
const NEW_BOOKING_EVENTS: DomainEventType[] = ["BOOKING_CREATED", "BOOKING_REQUESTED"];

/** Whether a try can be pipelined: nothing to decide under the lock but which rotating host, and each host described by the event type's row. */
function mayClaimInPipeline(eventType: BookableEventType, { input, reservationUid, early }: RoundRobinWrite): boolean {
  if (input.privateLink || reservationUid || early.prepared.redirectedFrom?.size) return false;
  if (fixedHostIds(eventType).length > 0) return false;
  return hostUsersOf(eventType, early.prepared.freeHostIds) !== null;
}

/**
 * One try, pipelined: the blocking lock on `waitFor` (a retry) and the first free host's lock in one round trip, then
 * the booking with COMMIT in the second. A host the check under its lock finds taken (a hold, a buffer) aborts the
 * transaction: the try names the hosts still to try, the held ones first, as a try that found them held does.
 */
function claimInPipeline({ eventType, input, early }: RoundRobinWrite, rotation: Rotation, ids: ReservedIds): Promise<Try> {
  return pipelinedTransaction(async (send): Promise<Try> => {
    const waitFor = rotation.waitFor === null ? [] : [lockHostsStatement([rotation.waitFor])];
    const claim = await send([...waitFor, tryLockFirstHostStatement(rotation.ranked, early.prepared)]);
    const { host, held } = firstHostLockOf(claim.at(-1)!.rows[0]);
    if (host === null) {
      if (held.length === 0) throw slotTakenError();
      return { retry: held };
    }
    const booking = newBookingOf(eventType, input, early.answers, { end: early.prepared.end, hostIds: [host] }, null);
    const attendeeIds = ids.attendeeIds.slice(0, booking.attendees.length);
    const write = await freeSlotStatements({ eventType, booking, hostUsers: hostUsersOf(eventType, [host])!, ids: { ...ids, attendeeIds } });
    try {
      await send(write.statements, { commit: true });
    } catch (error) {
      if (!isSlotTakenUnderLock(error)) throw error;
      const untried = rotation.ranked.slice(rotation.ranked.indexOf(host) + 1);
      if (held.length + untried.length === 0) throw slotTakenError();
      return { retry: [...held, ...untried] };
    }
    return { booked: { booking: write.output, created: true } };
  });
}

export async function bookRoundRobin(write: RoundRobinWrite): Promise<CreateBookingResult> {
  const pipelined = mayClaimInPipeline(write.eventType, write);
  // What a pipelined try needs from the database comes before it (it may not use a second connection): the ids it
  // writes (a try that rolls back leaves them to the next) and the event's queue check.
  const [ranked, ids] = await Promise.all([
    rankPreparedHosts(write.eventType, write.early.prepared),
    pipelined ? reserveBookingIds(1 + (write.input.guests?.length ?? 0)) : null,
    pipelined ? checkSubscriberQueues(NEW_BOOKING_EVENTS) : null,
  ]);
  let rotation: Rotation = { ranked, waitFor: null };
  for (;;) {
    const attempt = ids ? await claimInPipeline(write, rotation, ids) : await claimAndWrite(write, rotation);
    if ("booked" in attempt) return attempt.booked;
    rotation = { ranked: attempt.retry, waitFor: attempt.retry[0]! };
  }
}
