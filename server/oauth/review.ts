/** Admin review of OAuth clients: accept or reject, with the owner told by e-mail either way. */
import type { Actor } from "../auth/actor";
import { db } from "../db/client";
import { flushCredentialCache } from "../auth/credential-cache";
import { AppError } from "../errors";
import { env } from "../env";
import { queueMails } from "../mail/mail-queue";
import type { Mail } from "../mail/mailer";
import { CLIENT_SELECT } from "./client-dto";
import { revokeClientGrantsIn } from "./grants";
import { ZReviewInput, type TReviewInput } from "./oauth-client.schemas";

export function listClientsForReview() {
  return db.oAuthClient.findMany({
    select: { ...CLIENT_SELECT, owner: { select: { email: true, name: true } } },
    // Pending first, oldest first: the queue an admin works through.
    orderBy: [{ status: "asc" }, { updatedAt: "asc" }],
  });
}

function reviewOutcomeMail(to: string, name: string, review: TReviewInput): Mail {
  const settingsUrl = `${env().APP_URL}/settings/developer/oauth`;
  return review.decision === "ACCEPT"
    ? {
        to,
        subject: `Your OAuth client "${name}" was accepted`,
        text: `Your OAuth client "${name}" was accepted and can now be used to authorize users.\n\n${settingsUrl}\n`,
      }
    : {
        to,
        subject: `Your OAuth client "${name}" was rejected`,
        text: `Your OAuth client "${name}" was rejected.\n\nReason: ${review.reason}\n\nYou can edit it and it will be reviewed again: ${settingsUrl}\n`,
      };
}

export async function reviewClient({ userId: adminId }: Actor, input: TReviewInput) {
  const review = ZReviewInput.parse(input);
  const accepted = review.decision === "ACCEPT";
  const reviewed = { reviewedAt: new Date(), reviewedById: adminId };
  // A rejection revokes every grant and clears wasAccepted: an edit makes the client pending again, and a
  // pending client that was once accepted keeps its grants alive (clientGrantsAreLive), so otherwise the
  // rejected client's old tokens would come back. A later acceptance starts from new authorizations.
  await db.$transaction(async (tx) => {
    const { count } = await tx.oAuthClient.updateMany({
      where: { id: review.clientId, status: "PENDING" },
      data: accepted
        ? { status: "ACCEPTED", wasAccepted: true, rejectionReason: null, ...reviewed }
        : { status: "REJECTED", wasAccepted: false, rejectionReason: review.reason, ...reviewed },
    });
    if (count === 0) throw new AppError("CONFLICT", "Only a pending client can be reviewed");
    if (!accepted) await revokeClientGrantsIn(tx, review.clientId);
    // The owner hears of the decision only if it commits: the mail is queued in the same transaction.
    const client = await tx.oAuthClient.findUniqueOrThrow({ where: { id: review.clientId }, select: { name: true, owner: { select: { email: true } } } });
    // An agent's client has no owner on this instance: nobody to tell.
    if (client.owner) await queueMails(tx, [reviewOutcomeMail(client.owner.email, client.name, review)]);
  });
  if (!accepted) await flushCredentialCache(); // a rejected client's grants stop working at once
}
