/**
 * Which webhooks hear of an event: ONE predicate, read by the two places that ask. Messages are made from it
 * (webhook-messages.ts), and a new booking's row reads it to know whether the `webhooks` subscriber has anything to
 * do (bookings/create/bookable-row.ts `mayHaveWebhooks`), so the two can never disagree.
 *
 * An active, not disabled webhook subscribes when it belongs to
 * - the event type, or the event type's lineage: a managed copy books as the member's own event type, and its
 *   parent, the team's event type, is where the team subscribes (`EventType.parentId`);
 * - the account of one of the people the event concerns: a booking's hosts (for a booking about to be made: the
 *   event type's owner and hosts), an out-of-office entry's user.
 * - an organization (`teamId`, a team with isOrganization) that the event belongs to: the event type's team (or its
 *   lineage's: a managed copy belongs to its parent's team) is one of the organization's teams, or one of the users is
 *   an accepted member of it — so an organization's webhook hears of every booking of its teams and of its members,
 *   and of nobody's who has not joined.
 */

/**
 * The SQL condition on webhook alias `w` for the event type `eventTypeId` (an SQL expression; NULL for none) and the
 * users `userIds` (an SQL int[] expression).
 */
export function subscribedWebhookSql(w: string, eventTypeId: string, userIds: string): string {
  const lineage = `(SELECT lineage."parentId" FROM "EventType" lineage WHERE lineage.id = ${eventTypeId})`;
  return `${w}.active AND ${w}."disabledAt" IS NULL
      AND (${w}."userId" = ANY(${userIds})
           OR ${w}."eventTypeId" = ${eventTypeId}
           OR ${w}."eventTypeId" = ${lineage}
           OR (${w}."teamId" IS NOT NULL AND EXISTS (
                 SELECT 1 FROM "Team" org
                  WHERE org.id = ${w}."teamId" AND org."isOrganization"
                    AND (EXISTS (SELECT 1 FROM "EventType" e JOIN "Team" t ON t.id = e."teamId"
                                  WHERE t."parentId" = org.id AND (e.id = ${eventTypeId} OR e.id = ${lineage}))
                         OR EXISTS (SELECT 1 FROM "Membership" m
                                     WHERE m."teamId" = org.id AND m.accepted AND m."userId" = ANY(${userIds}))))))`;
}

/** The webhooks subscribed to `trigger` that an event about `eventTypeId` and `userIds` reaches, for webhook-messages.ts. */
export const SELECT_SUBSCRIBED_WEBHOOKS = `SELECT w.id FROM "Webhook" w
   WHERE $1 = ANY(w.triggers) AND ${subscribedWebhookSql("w", "$2::int", "$3::int[]")}
   ORDER BY w.id`;

/**
 * The webhooks a routing form's submission reaches (FORM_SUBMITTED, FORM_SUBMITTED_NO_EVENT): its author's own and
 * their organization's (the predicate above, with no event type), and for a team's form the webhooks of the team or
 * of its organization (`$3`: the form's team, NULL for a user's form).
 */
export const SELECT_FORM_WEBHOOKS = `SELECT w.id FROM "Webhook" w
   WHERE $1 = ANY(w.triggers)
     AND (${subscribedWebhookSql("w", "NULL::int", "$2::int[]")}
          OR (w.active AND w."disabledAt" IS NULL AND $3::int IS NOT NULL
              AND (w."teamId" = $3::int OR w."teamId" = (SELECT t."parentId" FROM "Team" t WHERE t.id = $3::int))))
   ORDER BY w.id`;
