/**
 * Mails a change causes outside the booking events (a team invitation, an OAuth client's review, a disabled webhook),
 * written in the change's own transaction and sent by a `mail.send` job: a committed change mails after any crash,
 * a rolled-back one never does.
 *
 * The mails themselves wait in the QueuedMail table; the job's data holds only their ids, because pg-boss keeps job
 * data in its archive for days and an invitation's text carries a one-time link. The job deletes each row once its
 * mail went out, so the link does not outlive its delivery in our database either.
 */
import { db, sql, UTC_NOW, type Tx } from "../db/client";
import { enqueueJob } from "../jobs/queue";
import { hasSmtpServer, sendMail, type Mail } from "./mailer";

/** Its queue is created by the migration `queued_mail`, so a change can enqueue before any worker started. */
export const SEND_MAIL_JOB = "mail.send";

export type SendQueuedMailsData = { mailIds: number[] };

/** SMTP conversations one job holds open at once. */
const SMTP_SENDS_AT_ONCE = 8;

/** Stores the mails and enqueues one job for them, through `tx`: they commit or roll back with the change. */
export async function queueMails(tx: Tx, mails: Mail[]): Promise<void> {
  if (mails.length === 0) return;
  const rows = await tx.queuedMail.createManyAndReturn({
    data: mails.map(({ to, subject, text, html, attachments }) => ({ to, subject, text, html: html ?? null, attachments: attachments ?? [] })),
    select: { id: true },
  });
  await enqueueJob(tx, SEND_MAIL_JOB, { mailIds: rows.map(({ id }) => id) } satisfies SendQueuedMailsData);
}

/**
 * The `mail.send` handler. A row already gone was sent by an earlier run of the job, so a rerun skips it.
 * Without SMTP, moving the rows to the outbox is one statement: each mail is kept exactly once. Over SMTP a row is
 * deleted right after the server took its mail: a crash between the two sends it again on the retry (at least once).
 */
export async function sendQueuedMails({ mailIds }: SendQueuedMailsData): Promise<void> {
  if (!hasSmtpServer()) return moveToOutbox(mailIds);
  const rows = await db.queuedMail.findMany({ where: { id: { in: mailIds } }, orderBy: { id: "asc" } });
  // A new OAuth client mails every admin: one SMTP conversation after another would hold the job for minutes.
  for (let start = 0; start < rows.length; start += SMTP_SENDS_AT_ONCE) {
    await Promise.all(
      rows.slice(start, start + SMTP_SENDS_AT_ONCE).map(async ({ id, to, subject, text, html, attachments }) => {
        await sendMail({ to, subject, text, ...(html ? { html } : {}), attachments: attachments as Mail["attachments"] });
        await db.queuedMail.deleteMany({ where: { id } });
      }),
    );
  }
}

async function moveToOutbox(mailIds: number[]): Promise<void> {
  await sql(
    `WITH sent AS (DELETE FROM "QueuedMail" WHERE id = ANY($1::int[]) RETURNING id, "to", subject, text, attachments)
     INSERT INTO "OutboxMail" ("to", subject, text, attachments, "createdAt")
     SELECT "to", subject, text, attachments, ${UTC_NOW} FROM sent ORDER BY id`,
    [mailIds],
  );
}
