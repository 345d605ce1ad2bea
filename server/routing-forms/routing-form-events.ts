/**
 * What a submission tells the world: FORM_SUBMITTED, written in the submission's transaction (its webhooks follow as
 * for any domain event), and a `routing-form.no-booking` job due NO_BOOKING_DELAY_MS later, written in the same
 * transaction. The job fires FORM_SUBMITTED_NO_EVENT when the response has led to no booking by then, at most once
 * (a conditional update of `noBookingNotifiedAt` guards it, so a repeated job or a second instance fires nothing).
 */
import { db, type Tx } from "../db/client";
import { emitDomainEvent } from "../events/domain-events";
import type { TFormEventPayload } from "../events/event-catalog";
import { enqueueJob } from "../jobs/queue";

/** The peer's delay before it calls a submission one that no booking followed. */
export const NO_BOOKING_DELAY_MS = 15 * 60_000;
export const NO_BOOKING_JOB = "routing-form.no-booking";
/** The response, and the FORM_SUBMITTED event whose payload the second event repeats. */
export type NoBookingJobData = { responseId: number; eventId: string };

type FormOwner = { userId: number; teamId: number | null };

export async function emitFormSubmitted(tx: Tx, form: FormOwner, payload: TFormEventPayload, now: Date): Promise<void> {
  const eventId = await emitDomainEvent(tx, { type: "FORM_SUBMITTED", teamId: form.teamId, userIds: [form.userId], payload });
  await enqueueJob(tx, NO_BOOKING_JOB, { responseId: payload.responseId, eventId } satisfies NoBookingJobData, {
    startAfter: new Date(now.getTime() + NO_BOOKING_DELAY_MS),
    singletonKey: `no-booking:${payload.responseId}`,
  });
}

/**
 * The job: FORM_SUBMITTED_NO_EVENT with the submission's own payload, unless a booking came from the response or it
 * was already fired. The FORM_SUBMITTED event the submission wrote is where the payload is read back from.
 */
export async function notifyNoBooking({ responseId, eventId }: NoBookingJobData): Promise<void> {
  const submitted = await db.domainEvent.findUnique({ where: { id: eventId }, select: { payload: true, teamId: true, userIds: true } });
  if (!submitted) return;
  await db.$transaction(async (tx) => {
    const claimed = await tx.routingFormResponse.updateMany({
      where: { id: responseId, routedToBookingUid: null, noBookingNotifiedAt: null },
      data: { noBookingNotifiedAt: new Date() },
    });
    if (claimed.count === 0) return;
    await emitDomainEvent(tx, {
      type: "FORM_SUBMITTED_NO_EVENT",
      teamId: submitted.teamId,
      userIds: submitted.userIds,
      payload: submitted.payload as TFormEventPayload,
    });
  });
}
