/**
 * Turning a webhook off for good (410 Gone, or three days of failed deliveries) and telling its owner: the
 * account's user, a personal event type's user, or a team event type's team OWNERs. The conditional update
 * makes one mail, however many messages fail at once.
 */
import { db } from "../db/client";
import { env } from "../env";
import { log } from "../log";
import { sendMails, type Mail } from "../mail/mailer";

async function ownerEmails(webhookId: number): Promise<string[]> {
  const webhook = await db.webhook.findUnique({
    where: { id: webhookId },
    select: {
      user: { select: { email: true } },
      eventType: {
        select: {
          owner: { select: { email: true } },
          team: { select: { memberships: { where: { role: "OWNER", accepted: true }, select: { user: { select: { email: true } } } } } },
        },
      },
    },
  });
  if (!webhook) return [];
  const direct = webhook.user?.email ?? webhook.eventType?.owner?.email;
  return direct ? [direct] : (webhook.eventType?.team?.memberships.map(({ user }) => user.email) ?? []);
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

export async function disableWebhook(webhookId: number, reason: string): Promise<boolean> {
  const { count } = await db.webhook.updateMany({
    where: { id: webhookId, disabledAt: null },
    data: { active: false, disabledAt: new Date(), disabledReason: reason },
  });
  if (count === 0) return false;
  const [emails, webhook] = await Promise.all([ownerEmails(webhookId), db.webhook.findUnique({ where: { id: webhookId }, select: { subscriberUrl: true } })]);
  try {
    await sendMails(emails.map((email) => webhookDisabledMail(email, webhook?.subscriberUrl ?? "", reason)));
  } catch (error) {
    log.warn("could not mail the owner of a disabled webhook", { webhookId, error });
  }
  return true;
}
