/**
 * Delivery order: the messages of one booking to one webhook go out in the order their changes committed, one at a
 * time; those of other bookings (and other webhooks) go out in parallel as before.
 *
 * - A booking's key is the first uid of its reschedules (a reschedule makes a new booking whose `rescheduledFromUid`
 *   is the old one), so BOOKING_CREATED, BOOKING_RESCHEDULED and the new booking's BOOKING_CANCELLED share one.
 *   Their order is their domain events' `sequence`, taken when each event's row is written in its change's
 *   transaction: a later change of a booking (one that needs the earlier one committed, or that waits on the same
 *   booking's row lock) gets a higher one.
 * - At most one message per webhook and key is PENDING (being attempted or retried); a message made while another of
 *   its webhook and key is PENDING or WAITING is WAITING: no job, no attempt. When the PENDING one ends (delivered, or
 *   given up: a final status, three days of retries, its webhook paused or disabled), the transaction that ends it
 *   makes the WAITING one with the lowest sequence PENDING and enqueues its first attempt (`releaseNextMessage`).
 * - Making messages (`lockOrderingKeys`, `lockPendingMessages`, then `waitsBehindEarlierSql` in the insert) holds a
 *   transaction-scoped advisory lock per webhook and key, so two instances making messages of one booking at once see
 *   each other's; it row-locks the PENDING message it would wait behind, so a release committing meanwhile is seen,
 *   never missed. The insert decides each message's state itself: one statement, not a read and a write. All of it is in the database:
 *   it holds across app instances and across crashes (each step commits with its job, or not at all).
 * - Messages are made when the `webhooks` subscriber handles an event, and events of one booking can be handled out
 *   of order (several instances, a handler that failed and is retried). So handling an event first makes the
 *   messages of the booking's earlier events whose handling has not finished (`orderOfEvent`'s `earlierEventIds`):
 *   theirs exist, with lower sequences, before this event's are made. A repeat makes nothing twice.
 */
import { sql, UTC_NOW, type Tx } from "../db/client";
import { unfinishedJobExistsSql } from "../jobs/queue";

/** The queue of the domain-event subscriber that makes webhook messages (server/events/domain-events.ts `event.<name>`). */
const WEBHOOKS_SUBSCRIBER_QUEUE = "event.webhooks";
/** Reschedules followed back at most this far: far beyond any real booking, a bound on a corrupted cycle. */
const MAX_RESCHEDULES = 1000;

export type EventOrder = { orderingKey: string; sequence: bigint; earlierEventIds: string[] };

const ORDER_OF_EVENT = `
  WITH RECURSIVE chain AS (
    SELECT b.id, b.uid, b."rescheduledFromUid" AS "fromUid", 0 AS depth FROM "Booking" b WHERE b.uid = $1
    UNION ALL
    SELECT b.id, b.uid, b."rescheduledFromUid", chain.depth + 1
      FROM "Booking" b JOIN chain ON b.uid = chain."fromUid" WHERE chain.depth < ${MAX_RESCHEDULES}
  ), self AS (SELECT e.sequence FROM "DomainEvent" e WHERE e.id = $2::uuid)
  SELECT COALESCE((SELECT uid FROM chain ORDER BY depth DESC LIMIT 1), $1) AS "orderingKey",
         (SELECT sequence FROM self)::text AS sequence,
         ARRAY(SELECT e.id::text FROM "DomainEvent" e
                WHERE e."bookingId" IN (SELECT id FROM chain) AND e.sequence < (SELECT sequence FROM self)
                  AND ${unfinishedJobExistsSql("$3", "eventId", "e.id::text")}
                ORDER BY e.sequence) AS "earlierEventIds"`;

/** The order of a booking's event among the booking's others; null when the event is gone (a reset database). */
export async function orderOfEvent(eventId: string, bookingUid: string): Promise<EventOrder | null> {
  const [row] = await sql<{ orderingKey: string; sequence: string | null; earlierEventIds: string[] }>(ORDER_OF_EVENT, [
    bookingUid,
    eventId,
    WEBHOOKS_SUBSCRIBER_QUEUE,
  ]);
  if (!row || row.sequence === null) return null;
  return { orderingKey: row.orderingKey, sequence: BigInt(row.sequence), earlierEventIds: row.earlierEventIds };
}

/** In the transaction making messages of `key`, before anything is read: one advisory lock per webhook, in id order. */
export async function lockOrderingKeys(tx: Tx, webhookIds: readonly number[], key: string): Promise<void> {
  const sorted = [...webhookIds].sort((a, b) => a - b);
  await tx.$queryRawUnsafe(`SELECT count(pg_advisory_xact_lock(w, hashtext($2)))::int AS locked FROM unnest($1::int[]) AS w`, sorted, key);
}

/**
 * Under lockOrderingKeys, before the messages are made: row-locks the PENDING messages of `key` to `webhookIds`, so a
 * release under way (its transaction updated one) is committed before the next statement reads who is busy.
 */
export async function lockPendingMessages(tx: Tx, webhookIds: readonly number[], key: string): Promise<void> {
  await tx.$queryRawUnsafe(
    `SELECT count(*)::int AS locked FROM (SELECT id FROM "WebhookMessage" WHERE "webhookId" = ANY($1::int[]) AND "orderingKey" = $2 AND state = 'PENDING' FOR UPDATE) pending`,
    [...webhookIds],
    key,
  );
}

/**
 * The SQL condition, for a message about to be made to webhook `webhookId` with key `key` (SQL expressions), that it
 * must wait: its webhook still has a message of that key to send (PENDING or WAITING). Read in a statement after
 * lockPendingMessages, so it sees a concurrent release's outcome.
 */
export const waitsBehindEarlierSql = (webhookId: string, key: string) =>
  `(${key} IS NOT NULL AND EXISTS (SELECT 1 FROM "WebhookMessage" busy
     WHERE busy."webhookId" = ${webhookId} AND busy."orderingKey" = ${key} AND busy.state IN ('PENDING', 'WAITING')))`;

/**
 * In the transaction that took messages of (webhook, key) pairs out of PENDING or WAITING: for each pair with none
 * PENDING any more, the WAITING one with the lowest sequence becomes PENDING. One statement for the whole list (a
 * delivery batch ends many messages at once). Returns them, for their next attempts to be enqueued in the same
 * transaction.
 */
export async function releaseNextMessages(tx: Tx, pairs: readonly { webhookId: number; orderingKey: string }[]): Promise<{ id: string; attempt: number }[]> {
  if (pairs.length === 0) return [];
  const rows = await tx.$queryRawUnsafe<{ id: string; attemptCount: number }[]>(
    `UPDATE "WebhookMessage" m SET state = 'PENDING', "nextAttemptAt" = ${UTC_NOW}, "updatedAt" = ${UTC_NOW}
      FROM (SELECT DISTINCT ON (w."webhookId", w."orderingKey") w.id
              FROM unnest($1::int[], $2::text[]) AS k("webhookId", key)
              JOIN "WebhookMessage" w ON w."webhookId" = k."webhookId" AND w."orderingKey" = k.key AND w.state = 'WAITING'
             WHERE NOT EXISTS (SELECT 1 FROM "WebhookMessage" p WHERE p."webhookId" = k."webhookId" AND p."orderingKey" = k.key AND p.state = 'PENDING')
             ORDER BY w."webhookId", w."orderingKey", w.sequence, w."createdAt", w.id) next
      WHERE m.id = next.id AND m.state = 'WAITING'
      RETURNING m.id, m."attemptCount"`,
    pairs.map(({ webhookId }) => webhookId),
    pairs.map(({ orderingKey }) => orderingKey),
  );
  return rows.map((row) => ({ id: row.id, attempt: row.attemptCount + 1 }));
}

/** `releaseNextMessages` for one (webhook, key): the sweep's way. */
export async function releaseNextMessage(tx: Tx, webhookId: number, key: string): Promise<{ id: string; attempt: number } | null> {
  const [next] = await releaseNextMessages(tx, [{ webhookId, orderingKey: key }]);
  return next ?? null;
}
