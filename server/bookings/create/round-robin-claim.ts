/**
 * Round robin's claim (plan.ts): round robin whose rules read no other booking locks only the hosts it takes, the fixed
 * hosts and one rotating host, so simultaneous requests for one slot book different hosts side by side instead of
 * queueing on every host's lock. Each try is a transaction that claims the best free host whose lock it gets; a try
 * that found every free host held by other requests ends without writing (its locks go with it) and names them
 * ({ retry: hosts }), and the next try waits for the first of them.
 *
 * Deadlock freedom: the only locks a transaction waits for are taken first, in ascending id order (lockHosts), as every
 * other booking path takes its own; rotating hosts after them are taken with pg_try_advisory_xact_lock, which never
 * waits (tryLockFirstHost, in one statement for the whole list). A host whose lock is held is skipped for the next one;
 * when every free host was either taken or skipped, the request starts over and waits for the first skipped host's lock
 * (the holder may yet fail), so it answers 409 only once every host that was free has been seen taken under its own
 * lock. The exclusion constraint on BookingHost stays the backstop.
 *
 * The common round robin (rotating hosts only, no private link, no slot reservation, no out-of-office stand-in) tries
 * as a pipelined transaction (db/client.ts) of two round trips: BEGIN with the claim, then the statements of the free
 * slot's write (one-round-trip.ts: the check under the lock, the booking, its event) with COMMIT. The rest tries as an
 * interactive transaction, with code between its statements.
 *
 * Out-of-office redirects (slots/ooo-redirects.ts): a member standing in for an away host is ranked like a rotating
 * host and claimed under their own lock, never the away host's: the lock guards the calendar the booking lands in.
 * The path under the lock (under-lock.ts) shares lastBookedAt and lockStandIns from here.
 */
import { db, pipelinedTransaction, sharedSql, type Tx } from "../../db/client";
import { AppError } from "../../errors";
import { checkSubscriberQueues, type DomainEventType } from "../../events/domain-events";
import { consumePrivateLinkUse } from "../../event-types/private-link.service";
import { rulesReadOtherBookings } from "../../slots/event-type-rules";
import { hostsBusyDuring, toMinuteCeil } from "../../slots/slot-inputs";
import { hostsTakenSince, type PreparedSlot } from "../../slots/slots.service";
import { BOOKING_TX_OPTIONS, fixedHostIds, hostUsersOf, rankRotatingHosts, slotTakenError, type BookableEventType } from "../booking-rules";
import { firstHostLockOf, lockHosts, lockHostsStatement, tryLockFirstHost, tryLockFirstHostStatement, tryLockHost } from "../host-lock";
import { freeSlotStatements } from "./one-round-trip";
import { insertAndEmit, newBookingOf, type ReservedIds } from "./new-booking";
import { databaseRefusalOf, type CreateBookingResult, type Outcome } from "./outcomes";
import { reserveBookingIds } from "./sharing";
import type { EarlyCheck, UnderLockWrite } from "./under-lock";

/** Whether a booking of this event type may lock only the hosts it takes: round robin whose rules read no other booking (limits count every host's). */
export const locksChosenHostsOnly = (eventType: BookableEventType) =>
  eventType.schedulingType === "ROUND_ROBIN" && eventType.hosts.length > 0 && !rulesReadOtherBookings(eventType);

/** Parameters: event type id, host ids. A cancelled or declined booking gave its host nothing, so it does not count. */
const LAST_BOOKED = `
    SELECT bh."userId" AS "userId", (EXTRACT(EPOCH FROM max(b."createdAt")) * 1000)::float8 AS at
      FROM "Booking" b JOIN "BookingHost" bh ON bh."bookingId" = b.id
     WHERE b."eventTypeId" = $1 AND bh."userId" = ANY($2::int[]) AND b.status IN ('ACCEPTED', 'PENDING')
     GROUP BY bh."userId"`;

/** When each of `hostIds` was last booked for this event type (ms); hosts never booked are absent. */
export async function lastBookedAt(client: Tx, eventTypeId: number, hostIds: number[]): Promise<Map<number, number>> {
  if (hostIds.length === 0) return new Map();
  const values = [eventTypeId, hostIds];
  const rows =
    client === db
      ? await sharedSql<{ userId: number; at: number }>(LAST_BOOKED, values)
      : await client.$queryRawUnsafe<{ userId: number; at: number }[]>(LAST_BOOKED, ...values);
  return new Map(rows.map((row) => [row.userId, Number(row.at)]));
}

/** What a claim found: the hosts to book, none (a fixed host or every rotating host is taken), or hosts to try again. */
export type Claim = { hostIds: number[] } | { hostIds: null; retry: number[] };

/**
 * Inside the booking's transaction: locks the fixed hosts and `waitFor` (blocking, ascending), checks the fixed hosts,
 * then takes the first of `ranked` (best first) whose lock it gets and who is still free. `retry`: the hosts skipped
 * because another request held them, in rank order.
 */
export async function claimRoundRobinHosts(
  tx: Tx,
  prepared: PreparedSlot,
  eventType: BookableEventType,
  ranked: number[],
  waitFor: number | null,
): Promise<Claim> {
  const fixed = fixedHostIds(eventType);
  await lockHosts(tx, waitFor === null ? fixed : [...fixed, waitFor]);
  if (fixed.length) {
    const taken = await hostsTakenSince(tx, prepared, fixed);
    if (fixed.some((id) => taken.has(id))) return { hostIds: [] };
  }
  const hasRotating = eventType.hosts.some((host) => !host.isFixed);
  if (!hasRotating) return { hostIds: fixed };
  const skipped: number[] = [];
  // One statement per host tried (tryLockFirstHost), not one per host passed over: under a burst, most are.
  // `waitFor`, locked above, is got at once (advisory locks are re-entrant).
  for (let rest = ranked; rest.length > 0;) {
    const { host, held } = await tryLockFirstHost(tx, rest, prepared);
    skipped.push(...held);
    if (host === null) break;
    if (!(await hostsTakenSince(tx, prepared, [host])).has(host)) return { hostIds: [...fixed, host] };
    rest = rest.slice(rest.indexOf(host) + 1);
  }
  return skipped.length ? { hostIds: null, retry: skipped } : { hostIds: [] };
}

/**
 * The prepared slot's rotating hosts, best first (rankRotatingHosts), read before the transaction; with the members
 * standing in for away hosts (out-of-office redirects, slots/ooo-redirects.ts), whose own locks claimRoundRobinHosts takes.
 */
export async function rankPreparedHosts(eventType: BookableEventType, prepared: PreparedSlot): Promise<number[]> {
  const redirectedFrom = prepared.redirectedFrom ?? new Map<number, number>();
  const rotating = prepared.freeHostIds.filter((id) => eventType.hosts.some((host) => host.userId === id && !host.isFixed) || redirectedFrom.has(id));
  return rankRotatingHosts(eventType, rotating, await lastBookedAt(db, eventType.id, rotating), redirectedFrom);
}

/**
 * Members standing in for away hosts that a booking at [slot.start, slot.end) chose (`hostIds`) but the transaction has
 * not locked (`locked`): each is locked without waiting (taken after the blocking locks, so it cannot close a cycle) and
 * checked under its lock; false when one is held by another request or has been taken since the slot was checked.
 */
export async function lockStandIns(
  tx: Tx,
  eventType: BookableEventType,
  hostIds: number[],
  locked: readonly number[],
  slot: { start: Date; end: Date },
  ignore: { ignoreBookingUid?: string; ignoreReservationUid?: string },
): Promise<boolean> {
  const unlocked = hostIds.filter((id) => !locked.includes(id));
  if (unlocked.length === 0) return true;
  for (const id of unlocked) if (!(await tryLockHost(tx, id))) return false;
  const blocked = { start: toMinuteCeil(slot.start) - eventType.beforeEventBuffer, end: toMinuteCeil(slot.end) + eventType.afterEventBuffer };
  return (await hostsBusyDuring(tx, unlocked, blocked, { ...ignore, now: new Date() })).size === 0;
}

export type RoundRobinWrite = Pick<UnderLockWrite, "eventType" | "input" | "reservationUid"> & { early: EarlyCheck };

/** Which rotating hosts a try takes in turn, best first, and the one whose lock it waits for. */
type Rotation = { ranked: number[]; waitFor: number | null };

/** One try: booked, or the hosts another request held, to try again. */
type Try = Outcome<number[]>;

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

/** The events a new booking emits (new-booking.ts newBookingEventType). */
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
      if (databaseRefusalOf(error) !== "host-taken") throw error;
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
