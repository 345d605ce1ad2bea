/**
 * The `workflows` subscriber of booking events (server/events/domain-events.ts): the change's transaction wrote the
 * event and this subscriber's job, so every committed booking change reaches here after any crash. It writes one
 * WorkflowReminder per due step and its `workflow.remind` job (pg-boss, startAfter = the step's time) in one
 * transaction; the reminder's `cause` (the event's id) makes a repeated job schedule nothing twice.
 *
 * Reschedule: the old booking's waiting reminders are cancelled and the new booking (its own row) gets its own at
 * the new time; cancel and reject cancel them. The send job checks again anyway (reminder-send.ts), so an event
 * handled out of order cannot make a cancelled booking's reminder go out.
 */
import { db, type Tx } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { bookingPayloadOf } from "../events/booking-events";
import type { DomainEvent } from "../events/domain-events";
import { enqueueJob } from "../jobs/queue";
import { DROPS_WAITING_REMINDERS, reminderTime, triggersOfEvent, type PlannedBooking } from "./reminder-plan";
import { SELECT_APPLICABLE_WORKFLOWS } from "./workflow-applicability";
import { offsetMinutes, OFFSET_UNITS, type WorkflowTrigger } from "./workflow.schemas";

export const REMIND_JOB = "workflow.remind";
export type RemindJobData = { reminderId: number };

type ApplicableWorkflow = { id: number; trigger: string; offsetValue: number | null; offsetUnit: string | null; steps: { id: number }[] };

export const workflowOffsetMinutes = (workflow: { offsetValue: number | null; offsetUnit: string | null }) =>
  workflow.offsetValue !== null && (OFFSET_UNITS as readonly string[]).includes(workflow.offsetUnit ?? "")
    ? offsetMinutes({ value: workflow.offsetValue, unit: workflow.offsetUnit as (typeof OFFSET_UNITS)[number] })
    : 0;

/** The workflows with one of `triggers` that apply to bookings of an event type (workflow-applicability.ts). */
export async function workflowsForEventType(tx: Tx, eventTypeId: number, triggers: readonly string[]): Promise<ApplicableWorkflow[]> {
  if (triggers.length === 0) return [];
  return tx.$queryRawUnsafe<ApplicableWorkflow[]>(SELECT_APPLICABLE_WORKFLOWS, eventTypeId, [...triggers]);
}

/** One reminder per step at `at`, and its job; a (step, booking, cause) already there is left as it is. */
export async function scheduleSteps(tx: Tx, bookingId: number, stepIds: number[], at: Date, cause: string): Promise<number> {
  if (stepIds.length === 0) return 0;
  const rows = await tx.workflowReminder.createManyAndReturn({
    data: stepIds.map((stepId) => ({ stepId, bookingId, cause, scheduledFor: at })),
    skipDuplicates: true,
    select: { id: true },
  });
  for (const { id } of rows) await enqueueJob(tx, REMIND_JOB, { reminderId: id } satisfies RemindJobData, { startAfter: at });
  return rows.length;
}

/** Waiting reminders of a booking (or of some steps) that must not go out any more. */
export async function cancelWaitingReminders(tx: Tx, where: Prisma.WorkflowReminderWhereInput, detail: string): Promise<number> {
  const { count } = await tx.workflowReminder.updateMany({ where: { ...where, status: "SCHEDULED" }, data: { status: "CANCELLED", detail } });
  return count;
}

const plannedOf = (booking: { start: string; end: string; status: PlannedBooking["status"] }): PlannedBooking => ({
  start: new Date(booking.start),
  end: new Date(booking.end),
  status: booking.status,
});

/** The subscriber's handler: drop what the change made obsolete, then schedule what it triggers. */
export async function scheduleWorkflowReminders(event: DomainEvent): Promise<void> {
  if (event.bookingId === null) return;
  const { booking, previousBooking } = bookingPayloadOf(event);
  const triggers = triggersOfEvent(event.type, booking.status);
  const drops = (DROPS_WAITING_REMINDERS as readonly string[]).includes(event.type);
  if (!drops && triggers.length === 0) return;
  const now = new Date();
  await db.$transaction(async (tx) => {
    if (drops) {
      const moved = event.type === "BOOKING_RESCHEDULED";
      const bookingIds = moved && previousBooking ? [previousBooking.id] : [booking.id];
      await cancelWaitingReminders(tx, { bookingId: { in: bookingIds } }, moved ? "The booking moved to another time" : "The booking was cancelled");
    }
    if (booking.eventTypeId === null) return;
    for (const workflow of await workflowsForEventType(tx, booking.eventTypeId, triggers)) {
      const at = reminderTime({ trigger: workflow.trigger as WorkflowTrigger, offsetMinutes: workflowOffsetMinutes(workflow) }, plannedOf(booking), now);
      if (at)
        await scheduleSteps(
          tx,
          booking.id,
          workflow.steps.map(({ id }) => id),
          at,
          event.id,
        );
    }
  });
}

/**
 * After a workflow is created or changed: its waiting reminders are dropped and its timed steps scheduled for every
 * upcoming accepted booking it now applies to (event-driven steps concern future events only). In the edit's
 * transaction, so the answer to the edit means the reminders follow it.
 */
export async function rescheduleWorkflow(tx: Tx, workflowId: number, cause: string): Promise<void> {
  await cancelWaitingReminders(tx, { step: { workflowId } }, "The workflow changed");
  const workflow = await tx.workflow.findUnique({
    where: { id: workflowId },
    select: {
      trigger: true,
      offsetValue: true,
      offsetUnit: true,
      userId: true,
      teamId: true,
      activeOnAll: true,
      steps: { select: { id: true } },
      eventTypes: { select: { eventTypeId: true } },
    },
  });
  if (!workflow || (workflow.trigger !== "beforeEvent" && workflow.trigger !== "afterEvent")) return;
  const eventTypes: Prisma.EventTypeWhereInput = workflow.activeOnAll
    ? workflow.teamId !== null
      ? { OR: [{ teamId: workflow.teamId }, { parent: { teamId: workflow.teamId } }] }
      : { userId: workflow.userId, teamId: null }
    : {
        OR: [
          { id: { in: workflow.eventTypes.map(({ eventTypeId }) => eventTypeId) } },
          { parentId: { in: workflow.eventTypes.map(({ eventTypeId }) => eventTypeId) } },
        ],
      };
  const now = new Date();
  const bookings = await tx.booking.findMany({
    where: { status: "ACCEPTED", end: { gt: now }, eventType: eventTypes },
    select: { id: true, start: true, end: true },
    orderBy: { start: "asc" },
    take: 5_000,
  });
  const planned = { trigger: workflow.trigger as WorkflowTrigger, offsetMinutes: workflowOffsetMinutes(workflow) };
  for (const booking of bookings) {
    const at = reminderTime(planned, { start: booking.start, end: booking.end, status: "accepted" }, now);
    if (at)
      await scheduleSteps(
        tx,
        booking.id,
        workflow.steps.map(({ id }) => id),
        at,
        cause,
      );
  }
}
