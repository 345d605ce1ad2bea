/**
 * Which workflows apply to an event type's bookings: ONE predicate, read by the two places that ask. The `workflows`
 * subscriber schedules reminders from it (reminder-schedule.ts workflowsForEventType), and a new booking's row reads
 * it to know whether that subscriber has anything to do (bookings/create/bookable-row.ts `mayHaveWorkflows`), so a
 * booking never skips a workflow that applies to it.
 *
 * A workflow applies when it belongs to the event type's owner (a team event type's team, else a personal event
 * type's user; a managed copy's member and also its parent's team) and is active on all of the owner's event types,
 * or on this one (or, for a managed copy, on its parent).
 */

/** The SQL condition on workflow alias `w` for the event type row alias `et` (a FROM item of "EventType"). */
export function workflowAppliesSql(w: string, et: string): string {
  const parentTeam = `(SELECT parent."teamId" FROM "EventType" parent WHERE parent.id = ${et}."parentId")`;
  return `(${et}."teamId" IS NOT NULL AND ${w}."teamId" = ${et}."teamId"
           OR ${et}."teamId" IS NULL AND ${w}."userId" = ${et}."userId"
           OR ${w}."teamId" = ${parentTeam})
      AND (${w}."activeOnAll"
           OR EXISTS (SELECT 1 FROM "WorkflowEventType" wet
                       WHERE wet."workflowId" = ${w}.id AND (wet."eventTypeId" = ${et}.id OR wet."eventTypeId" = ${et}."parentId")))`;
}

/** The workflows with one of `$2` (text[]) as trigger that apply to event type `$1`, with their steps' ids. */
export const SELECT_APPLICABLE_WORKFLOWS = `
  SELECT w.id, w.trigger, w."offsetValue", w."offsetUnit",
         COALESCE((SELECT json_agg(json_build_object('id', s.id) ORDER BY s.id) FROM "WorkflowStep" s WHERE s."workflowId" = w.id), '[]') AS steps
    FROM "Workflow" w, "EventType" et
   WHERE et.id = $1 AND w.trigger = ANY($2::text[]) AND ${workflowAppliesSql("w", "et")}
   ORDER BY w.id`;
