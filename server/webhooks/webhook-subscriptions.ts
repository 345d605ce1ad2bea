/**
 * Which webhooks hear of an event: ONE predicate, read by the two places that ask. Messages are made from it
 * (webhook-messages.ts), and a new booking's row reads it to know whether the `webhooks` subscriber has anything to
 * do (bookings/bookable-row-query.ts `mayHaveWebhooks`), so the two can never disagree.
 *
 * An active, not disabled webhook subscribes when it belongs to
 * - the event type, or the event type's lineage: a managed copy books as the member's own event type, and its
 *   parent, the team's event type, is where the team subscribes (`EventType.parentId`);
 * - the account of one of the people the event concerns: a booking's hosts (for a booking about to be made: the
 *   event type's owner and hosts), an out-of-office entry's user.
 * Organizations come next as one more branch of this OR: a webhook whose `teamId` is the organization of the event
 * type's team (or of its lineage's) or of one of those users. Add it here and both callers follow.
 */

/**
 * The SQL condition on webhook alias `w` for the event type `eventTypeId` (an SQL expression; NULL for none) and the
 * users `userIds` (an SQL int[] expression).
 */
export function subscribedWebhookSql(w: string, eventTypeId: string, userIds: string): string {
  return `${w}.active AND ${w}."disabledAt" IS NULL
      AND (${w}."userId" = ANY(${userIds})
           OR ${w}."eventTypeId" = ${eventTypeId}
           OR ${w}."eventTypeId" = (SELECT lineage."parentId" FROM "EventType" lineage WHERE lineage.id = ${eventTypeId}))`;
}

/** The webhooks subscribed to `trigger` that an event about `eventTypeId` and `userIds` reaches, for webhook-messages.ts. */
export const SELECT_SUBSCRIBED_WEBHOOKS = `SELECT w.id FROM "Webhook" w
   WHERE $1 = ANY(w.triggers) AND ${subscribedWebhookSql("w", "$2::int", "$3::int[]")}
   ORDER BY w.id`;
