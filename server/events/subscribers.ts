/**
 * The handlers of the domain-event subscribers (server/events/domain-events.ts SUBSCRIBERS) and of the other jobs a
 * change enqueues in its transaction (queued mails), registered once in a process that runs jobs: the app's server
 * process (startWorkers) and service tests (drainJobs).
 */
import { ISSUE_PASSWORD_RESET_JOB, issuePasswordReset, type IssuePasswordResetData } from "../auth/password-reset.service";
import { mailBookingEvent } from "../bookings/booking-mail";
import { syncBookingEvent } from "../calendars/booking-sync";
import { registerConferencingJobs } from "../conferencing/conferencing-jobs";
import { defineBatchJob, defineJob, enqueueJob, enqueueJobs } from "../jobs/queue";
import { SEND_MAIL_JOB, sendQueuedMails, type SendQueuedMailsData } from "../mail/mail-queue";
import { NO_BOOKING_JOB, notifyNoBooking, type NoBookingJobData } from "../routing-forms/routing-form-events";
import { registerWebhookJobs } from "../webhooks/webhook-jobs";
import { REMIND_JOB, scheduleWorkflowReminders, type RemindJobData } from "../workflows/reminder-schedule";
import { sendReminder } from "../workflows/reminder-send";
import { subscribeToDomainEvents } from "./domain-events";

const holder = globalThis as unknown as { conveneSubscribersRegistered?: boolean };

export function registerSubscribers(): void {
  if (holder.conveneSubscribersRegistered) return;
  holder.conveneSubscribersRegistered = true;
  // Before mail: the booking mail waits for the meeting's link, and in-process draining (tests) runs queues in this order.
  registerConferencingJobs(subscribeToDomainEvents);
  // A mail server that is down keeps the mail in the outbox (mailer.ts); retries cover database errors.
  // Four pollers each: a job waits on SMTP or a calendar provider most of its time, and a burst of bookings must not
  // queue its mails behind one another for minutes.
  subscribeToDomainEvents("mail", mailBookingEvent, { retryLimit: 8, retryDelay: 5, retryBackoff: true, expireInSeconds: 60, workers: 4, batchSize: 5 });
  // Mails written by changes other than booking events (invitations, OAuth client reviews, disabled webhooks): rare,
  // so two pollers; retried like the booking mails.
  defineJob<SendQueuedMailsData>(SEND_MAIL_JOB, sendQueuedMails, {
    retryLimit: 8,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 60,
    workers: 2,
    batchSize: 5,
  });
  // A forgot-password request: the account lookup and the reset mail, off the response path (password-reset.service.ts).
  defineJob<IssuePasswordResetData>(ISSUE_PASSWORD_RESET_JOB, (data) => issuePasswordReset(data), { retryLimit: 3, retryDelay: 5, expireInSeconds: 60 });
  // Each calendar call is bounded by outbound-http's timeouts; a sync touches every host's calendar one after another.
  subscribeToDomainEvents("calendar-sync", syncBookingEvent, {
    retryLimit: 8,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 120,
    workers: 4,
    batchSize: 5,
  });
  // Workflows: the booking's reminders, each a job due at its time; a reminder's row makes it go out once.
  subscribeToDomainEvents("workflows", scheduleWorkflowReminders, {
    retryLimit: 8,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 60,
    workers: 1,
    batchSize: 10,
  });
  defineJob<RemindJobData>(REMIND_JOB, sendReminder, { retryLimit: 8, retryDelay: 10, retryBackoff: true, expireInSeconds: 120, workers: 2, batchSize: 5 });
  // Routing forms: FORM_SUBMITTED_NO_EVENT for a response no booking followed (routing-form-events.ts).
  defineJob<NoBookingJobData>(NO_BOOKING_JOB, notifyNoBooking, { retryLimit: 8, retryDelay: 10, retryBackoff: true, expireInSeconds: 60 });
  // Webhooks: the event makes its messages (subscriber "webhooks"); each attempt is a `webhook.deliver` job, and a
  // retry is a new job scheduled by the retry policy (webhook-delivery.ts), not the queue's own retries.
  registerWebhookJobs(
    { defineBatchJob, enqueueJob, enqueueJobs },
    { subscribeToDomainEvents: (name, handler, options) => subscribeToDomainEvents(name as "webhooks", handler, options) },
  );
}
