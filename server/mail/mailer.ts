/**
 * Outgoing mail. With SMTP_URL set, mail goes out through that server (nodemailer); without it, or when
 * the server refuses, it is kept in the OutboxMail table for the operator to read — a mail is never lost.
 */
import nodemailer, { type Transporter } from "nodemailer";
import { sql, UTC_NOW } from "../db/client";
import { log } from "../log";

/**
 * `text` is the plain-text part every mail has; `html` an alternative part for mail clients that show it. The outbox
 * (no SMTP) keeps the text, which says everything the HTML says.
 */
export type Mail = { to: string; subject: string; text: string; html?: string; attachments?: { filename: string; content: string; contentType: string }[] };

const FROM = () => process.env.MAIL_FROM ?? "Convene <no-reply@convene.localhost>";
let transport: Transporter | undefined;

function smtpTransport(): Transporter | null {
  const url = process.env.SMTP_URL;
  if (!url) return null;
  transport ??= nodemailer.createTransport(url);
  return transport;
}

/** Whether mail goes out through SMTP_URL; without it, every mail is kept in the OutboxMail table. */
export const hasSmtpServer = (): boolean => smtpTransport() !== null;

export async function sendMail(mail: Mail): Promise<void> {
  const smtp = smtpTransport();
  if (smtp) {
    try {
      await smtp.sendMail({ from: FROM(), ...mail });
      return;
    } catch (error) {
      log.warn("SMTP delivery failed; keeping the mail in the outbox", { to: mail.to, subject: mail.subject, error });
    }
  }
  await keepInOutbox([mail]);
}

/** Attachments are kept too: the operator reading the outbox needs the .ics as much as a mail client would. */
async function keepInOutbox(mails: Mail[]): Promise<void> {
  await sql(
    `INSERT INTO "OutboxMail" ("to", subject, text, attachments, "createdAt")
     SELECT m->>'to', m->>'subject', m->>'text', COALESCE(m->'attachments', '[]'::jsonb), ${UTC_NOW}
       FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS mail(m, position) ORDER BY position`,
    [JSON.stringify(mails.map(({ to, subject, text, attachments }) => ({ to, subject, text, attachments: attachments ?? [] })))],
  );
}

/**
 * The mails of one letter of a domain event (server/events), each recipient at most once however often its job
 * runs: a DomainEventMail row per (event, letter, recipient) records what went out. Without SMTP the receipt and
 * the outbox row are written by one statement, so a repeat finds the receipt. Over SMTP a mail is recorded right
 * after the server took it: only a crash between the two sends it again (at least once).
 */
export async function sendEventMails(eventId: string, letter: string, mails: Mail[]): Promise<void> {
  if (mails.length === 0) return;
  const smtp = smtpTransport();
  if (!smtp) return keepInOutboxOnce(eventId, letter, mails);
  const sent = await sql<{ recipient: string }>(`SELECT recipient FROM "DomainEventMail" WHERE "eventId" = $1::uuid AND letter = $2`, [eventId, letter]);
  const done = new Set(sent.map(({ recipient }) => recipient));
  for (const mail of mails.filter(({ to }) => !done.has(to))) {
    await sendMail(mail);
    await sql(`INSERT INTO "DomainEventMail" ("eventId", letter, recipient, "sentAt") VALUES ($1::uuid, $2, $3, ${UTC_NOW}) ON CONFLICT DO NOTHING`, [
      eventId,
      letter,
      mail.to,
    ]);
  }
}

async function keepInOutboxOnce(eventId: string, letter: string, mails: Mail[]): Promise<void> {
  await sql(
    `WITH mail AS (
       SELECT m, position FROM jsonb_array_elements($3::jsonb) WITH ORDINALITY AS list(m, position)
     ), receipt AS (
       INSERT INTO "DomainEventMail" ("eventId", letter, recipient, "sentAt")
       SELECT $1::uuid, $2, m->>'to', ${UTC_NOW} FROM mail
       ON CONFLICT DO NOTHING RETURNING recipient
     )
     INSERT INTO "OutboxMail" ("to", subject, text, attachments, "createdAt")
     SELECT m->>'to', m->>'subject', m->>'text', COALESCE(m->'attachments', '[]'::jsonb), ${UTC_NOW}
       FROM mail WHERE m->>'to' IN (SELECT recipient FROM receipt) ORDER BY position`,
    [eventId, letter, JSON.stringify(mails.map(({ to, subject, text, attachments }) => ({ to, subject, text, attachments: attachments ?? [] })))],
  );
}
