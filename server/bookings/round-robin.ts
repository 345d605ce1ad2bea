/**
 * Round-robin bookings lock only the hosts they take: the fixed hosts and one rotating host, so simultaneous requests
 * for one slot book different hosts side by side instead of queueing on every host's lock.
 *
 * Deadlock freedom: the only locks a transaction waits for are taken first, in ascending id order (lockHosts), as every
 * other booking path takes its own; rotating hosts after them are taken with pg_try_advisory_xact_lock, which never waits
 * (tryLockFirstHost, in one statement for the whole list). A host whose lock is held is skipped for the next one; when every free host was either taken or skipped, the request
 * starts over and waits for the first skipped host's lock (the holder may yet fail), so it answers 409 only once every
 * host that was free has been seen taken under its own lock. The exclusion constraint on BookingHost stays the backstop.
 *
 * Out-of-office redirects (slots/ooo-redirects.ts): a member standing in for an away host is ranked like a rotating
 * host and claimed under their own lock, never the away host's: the lock guards the calendar the booking lands in.
 */
import { db, sharedSql, type Tx } from "../db/client";
import { hostsTakenSince, type PreparedSlot } from "../slots/slots.service";
import { rulesReadOtherBookings } from "../slots/event-type-rules";
import { hostsBusyDuring, toMinuteCeil } from "../slots/slot-inputs";
import { fixedHostIds, rankRotatingHosts, type BookableEventType } from "./booking-rules";
import { lockHosts, tryLockFirstHost, tryLockHost } from "./host-lock";

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
