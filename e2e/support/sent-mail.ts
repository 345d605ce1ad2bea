/**
 * The mails Convene sent to an address, wherever this run keeps them: with SMTP (the PostgreSQL run's catcher,
 * E2E_MAIL_DIR) as the receiver got them; without (npm start on the embedded database, no SMTP configured) from the
 * outbox Convene keeps them in. A spec tagged @embedded reads mail through this.
 */
import { db } from "../../server/db/client";
import { mailsTo } from "./mail-catcher";

export type SentMail = { subject: string; text: string };

export async function sentMailsTo(to: string): Promise<SentMail[]> {
  if (process.env.E2E_MAIL_DIR) return mailsTo(to).map(({ subject, text }) => ({ subject, text }));
  const rows = await db.outboxMail.findMany({ where: { to }, orderBy: { id: "asc" }, select: { subject: true, text: true } });
  return rows;
}
