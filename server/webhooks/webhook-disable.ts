/**
 * Turning a webhook off for good (410 Gone, or three days of failed deliveries) and telling its owner: the
 * account's user, a personal event type's user, or a team event type's team OWNERs. The conditional update
 * makes one mail, however many messages fail at once; the mail is queued in the transaction that turns it off.
 */
import type { Tx } from "../db/client";
import { env } from "../env";
import { queueMails } from "../mail/mail-queue";
import type { Mail } from "../mail/mailer";

async function subscriberUrlAndOwnerEmails(tx: Tx, webhookId: number): Promise<{ subscriberUrl: string; emails: string[] }> {
  const webhook = await tx.webhook.findUnique({
    where: { id: webhookId },
    select: {
      subscriberUrl: true,
      user: { select: { email: true } },
      eventType: {
        select: {
          owner: { select: { email: true } },
          team: { select: { memberships: { where: { role: "OWNER", accepted: true }, select: { user: { select: { email: true } } } } } },
        },
      },
    },
  });
  if (!webhook) return { subscriberUrl: "", emails: [] };
  const direct = webhook.user?.email ?? webhook.eventType?.owner?.email;
  const emails = direct ? [direct] : (webhook.eventType?.team?.memberships.map(({ user }) => user.email) ?? []);
  return { subscriberUrl: webhook.subscriberUrl, emails };
}

export function webhookDisabledMail(to: string, subscriberUrl: string, reason: string): Mail {
  return {
    to,
    subject: "A webhook of yours was disabled",
    text:
      `Convene stopped sending to the webhook ${subscriberUrl}.\n\nWhy: ${reason}.\n\n` +
      `Once the endpoint works again, turn the webhook back on in ${env().APP_URL}/settings/developer/webhooks ` +
      `(or PATCH it with "active": true); you can redeliver the messages it missed from its delivery log there.\n`,
  };
}

/** In the transaction that records the failed attempt: the webhook is off and its owners' mail queued, or neither. */
export async function disableWebhook(tx: Tx, webhookId: number, reason: string): Promise<boolean> {
  const { count } = await tx.webhook.updateMany({
    where: { id: webhookId, disabledAt: null },
    data: { active: false, disabledAt: new Date(), disabledReason: reason },
  });
  if (count === 0) return false;
  // Its messages still to go are given up with it (redelivered by hand, if at all), so none waits on another.
  await tx.webhookMessage.updateMany({ where: { webhookId, state: { in: ["PENDING", "WAITING"] } }, data: { state: "FAILED", nextAttemptAt: null } });
  const { subscriberUrl, emails } = await subscriberUrlAndOwnerEmails(tx, webhookId);
  await queueMails(
    tx,
    emails.map((email) => webhookDisabledMail(email, subscriberUrl, reason)),
  );
  return true;
}
