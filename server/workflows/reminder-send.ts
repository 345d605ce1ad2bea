/**
 * The `workflow.remind` job: one reminder, sent once. pg-boss hands a job to one worker across instances; the
 * reminder's row, locked and moved out of SCHEDULED in the transaction that writes its mails (mail-queue.ts), makes a
 * repeat or a second instance find nothing left to do. Before sending, the booking is read again: a timed reminder
 * of a booking that is no longer accepted, that moved (its due time no longer matches) or that has begun is not sent.
 *
 * SMS go to the phone number each attendee gave when booking, and only to a valid E.164 one that has not opted out.
 * The row is SENDING while the provider is called; each accepted number is noted, so a retry after a crash or a
 * provider error resends to no one who already got it.
 */
import { htmlToText, fillTemplate, type TemplateRecipient } from "./workflow-template";
import { BOOKING_SELECT, toBookingOutput, type TBookingOutput } from "../bookings/booking.dto";
import { icsForBooking } from "../bookings/booking-ics";
import { bookingPageUrl, manageLinksFor, manageTokenFor } from "../bookings/manage-link";
import { hasMailbox } from "../bookings/booking-field-responses";
import { db, type Tx } from "../db/client";
import { log } from "../log";
import { queueMails } from "../mail/mail-queue";
import type { Mail } from "../mail/mailer";
import { toE164 } from "../sms/phone-numbers";
import { optedOutAmong, recordOptOut } from "../sms/sms-opt-out";
import { isSmsConfigured, sendSms, UNSUBSCRIBED_RECIPIENT } from "../sms/twilio";
import { reminderTime } from "./reminder-plan";
import { workflowOffsetMinutes, type RemindJobData } from "./reminder-schedule";
import type { WorkflowTrigger } from "./workflow.schemas";

const REMINDER_SELECT = {
  id: true,
  status: true,
  scheduledFor: true,
  detail: true,
  booking: { select: { ...BOOKING_SELECT, manageNonce: true, seatCapacity: true } },
  step: {
    select: {
      action: true,
      email: true,
      subject: true,
      body: true,
      includeCalendarEvent: true,
      workflow: { select: { trigger: true, offsetValue: true, offsetUnit: true } },
    },
  },
} as const;

type Reminder = NonNullable<Awaited<ReturnType<typeof loadReminder>>>;
type Progress = { sent: string[]; refused: string[] };
const SMS_MAX_LENGTH = 1_600;

async function loadReminder(tx: Tx, reminderId: number) {
  // Locks the row: a second run waits here and then finds it no longer SCHEDULED.
  const locked = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM "WorkflowReminder" WHERE id = ${reminderId} FOR UPDATE`;
  if (locked.length === 0) return null;
  return tx.workflowReminder.findUnique({ where: { id: reminderId }, select: REMINDER_SELECT });
}

/** Why a reminder must not go out now, or null. */
export function refusalOf(
  reminder: Pick<Reminder, "scheduledFor" | "step">,
  booking: TBookingOutput,
  now: Date,
): { status: "CANCELLED" | "SKIPPED"; detail: string } | null {
  const { workflow } = reminder.step;
  const trigger = workflow.trigger as WorkflowTrigger;
  if (trigger !== "beforeEvent" && trigger !== "afterEvent") return null;
  if (booking.status !== "accepted") return { status: "CANCELLED", detail: `The booking is ${booking.status}` };
  // What the rule gives for the booking as it stands now, asked just before the reminder's time.
  const due = reminderTime(
    { trigger, offsetMinutes: workflowOffsetMinutes(workflow) },
    { start: new Date(booking.start), end: new Date(booking.end), status: "accepted" },
    new Date(reminder.scheduledFor.getTime() - 1),
  );
  if (due?.getTime() !== reminder.scheduledFor.getTime()) return { status: "CANCELLED", detail: "The booking's time changed" };
  if (trigger === "beforeEvent" && new Date(booking.start).getTime() <= now.getTime())
    return { status: "SKIPPED", detail: "The booking had begun when the reminder came due" };
  return null;
}

function recipientsOf(reminder: Reminder, booking: TBookingOutput): (TemplateRecipient & { email: string })[] {
  const view = bookingPageUrl(booking.uid);
  const organizerZone = booking.hosts[0]?.timeZone ?? "UTC";
  switch (reminder.step.action) {
    case "email_host":
      return booking.hosts.map((host) => ({ email: host.email, name: host.name, timeZone: host.timeZone, links: { view } }));
    case "email_address":
      return reminder.step.email ? [{ email: reminder.step.email, name: reminder.step.email, timeZone: organizerZone, links: { view } }] : [];
    default: {
      const links = manageLinksOf(reminder.booking);
      return booking.attendees
        .filter(({ email }) => hasMailbox(email))
        .map((attendee) => ({ email: attendee.email, name: attendee.name, timeZone: attendee.timeZone, locale: attendee.language, links, attendee }));
    }
  }
}

function mailOf(reminder: Reminder, booking: TBookingOutput, recipient: TemplateRecipient & { email: string }): Mail {
  const { subject, body, includeCalendarEvent } = reminder.step;
  const isHtml = /<[a-z][\s\S]*>/i.test(body);
  const filled = fillTemplate(body, booking, recipient, { html: isHtml });
  return {
    to: recipient.email,
    subject: fillTemplate(subject, booking, recipient, { html: false }).slice(0, 500),
    text: isHtml ? htmlToText(filled) : filled,
    ...(isHtml
      ? { html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;font-size:15px;line-height:1.5;color:#0f172a">${filled}</body></html>` }
      : {}),
    attachments: includeCalendarEvent
      ? [{ filename: "invite.ics", content: icsForBooking(booking, "REQUEST"), contentType: "text/calendar; charset=utf-8; method=REQUEST" }]
      : [],
  };
}

const progressOf = (detail: string | null): Progress => {
  try {
    const parsed = JSON.parse(detail ?? "") as Partial<Progress>;
    return { sent: parsed.sent ?? [], refused: parsed.refused ?? [] };
  } catch {
    return { sent: [], refused: [] };
  }
};

type SmsPlan = { reminderId: number; messages: { to: string; body: string }[]; progress: Progress };

/** Under the row's lock: e-mails are queued and the row is SENT; an SMS step is planned and the row SENDING. */
async function claim(reminderId: number, now: Date): Promise<SmsPlan | null> {
  return db.$transaction(async (tx) => {
    const reminder = await loadReminder(tx, reminderId);
    if (!reminder || (reminder.status !== "SCHEDULED" && reminder.status !== "SENDING")) return null;
    const finish = (status: string, detail: string | null) => tx.workflowReminder.update({ where: { id: reminderId }, data: { status, detail, sentAt: now } });
    const booking = toBookingOutput(reminder.booking);
    const refusal = reminder.status === "SCHEDULED" ? refusalOf(reminder, booking, now) : null;
    if (refusal) {
      await finish(refusal.status, refusal.detail);
      return null;
    }
    if (reminder.step.action !== "sms_attendee") {
      const mails = recipientsOf(reminder, booking).map((recipient) => mailOf(reminder, booking, recipient));
      await queueMails(tx, mails);
      await finish(mails.length ? "SENT" : "SKIPPED", mails.length ? null : "No recipient with a mailbox");
      return null;
    }
    if (!isSmsConfigured()) {
      await finish("SKIPPED", "SMS is not configured (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM)");
      return null;
    }
    const progress = progressOf(reminder.status === "SENDING" ? reminder.detail : null);
    // Only numbers the attendees gave themselves (guests have none of their own), valid E.164, not opted out.
    const numbers = booking.attendees.flatMap((attendee) => {
      const number = attendee.phoneNumber ? toE164(attendee.phoneNumber) : null;
      return number ? [{ number, attendee }] : [];
    });
    const optedOut = await optedOutAmong(
      numbers.map(({ number }) => number),
      tx,
    );
    const messages = numbers
      .filter(({ number }) => !optedOut.has(number) && !progress.sent.includes(number) && !progress.refused.includes(number))
      .map(({ number, attendee }) => ({ to: number, attendee }));
    if (messages.length === 0) {
      if (progress.sent.length) await finish("SENT", JSON.stringify(progress));
      else await finish("SKIPPED", numbers.length ? "Every attendee's number opted out of SMS" : "No attendee gave a phone number");
      return null;
    }
    const links = manageLinksOf(reminder.booking);
    const bodies = messages.map(({ to, attendee }) => ({
      to,
      body: fillTemplate(
        reminder.step.body,
        booking,
        { name: attendee.name, timeZone: attendee.timeZone, locale: attendee.language, links, attendee },
        { html: false },
      ).slice(0, SMS_MAX_LENGTH),
    }));
    await tx.workflowReminder.update({ where: { id: reminderId }, data: { status: "SENDING", detail: JSON.stringify(progress) } });
    return { reminderId, messages: bodies, progress };
  });
}

/**
 * The attendee's manage links, derived from the booking's nonce here (never stored in the reminder or the job). A seated
 * booking's token is no attendee's (their seats have their own, booking-seats.ts): its reminders link to the page alone.
 */
function manageLinksOf(booking: { uid: string; manageNonce: string | null; seatCapacity: number | null }) {
  const token = booking.seatCapacity === null ? manageTokenFor(booking) : null;
  return token ? manageLinksFor(booking.uid, token) : { view: bookingPageUrl(booking.uid) };
}

/** Sends what `claim` planned, noting each number as it goes; a provider outage throws and the job retries the rest. */
async function sendPlannedSms({ reminderId, messages, progress }: SmsPlan): Promise<void> {
  const note = () => db.workflowReminder.update({ where: { id: reminderId }, data: { detail: JSON.stringify(progress) } });
  for (const { to, body } of messages) {
    const result = await sendSms(to, body);
    if (result.kind === "sent") progress.sent.push(to);
    else {
      progress.refused.push(to);
      if (result.code === UNSUBSCRIBED_RECIPIENT) await recordOptOut(to);
      log.warn("SMS refused by the provider", { reminderId, code: result.code, message: result.message });
    }
    await note();
  }
  await db.workflowReminder.update({
    where: { id: reminderId },
    data: { status: progress.sent.length ? "SENT" : "SKIPPED", sentAt: new Date(), detail: JSON.stringify(progress) },
  });
}

export async function sendReminder({ reminderId }: RemindJobData): Promise<void> {
  const plan = await claim(reminderId, new Date());
  if (plan) await sendPlannedSms(plan);
}
