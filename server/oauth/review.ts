/** Admin review of OAuth clients: accept or reject, with the owner told by e-mail either way. */
import { db } from "../db/client";
import { flushCredentialCache } from "../auth/credential-cache";
import { AppError } from "../errors";
import { env } from "../env";
import { sendMail } from "../mail/mailer";
import { CLIENT_SELECT } from "./client-dto";
import { ZReviewInput, type TReviewInput } from "./oauth-client.schemas";

export function listClientsForReview() {
  return db.oAuthClient.findMany({
    select: { ...CLIENT_SELECT, owner: { select: { email: true, name: true } } },
    // Pending first, oldest first: the queue an admin works through.
    orderBy: [{ status: "asc" }, { updatedAt: "asc" }],
  });
}

export async function reviewClient(adminId: number, input: TReviewInput) {
  const review = ZReviewInput.parse(input);
  const accepted = review.decision === "ACCEPT";
  const { count } = await db.oAuthClient.updateMany({
    where: { id: review.clientId, status: "PENDING" },
    data: accepted
      ? { status: "ACCEPTED", wasAccepted: true, rejectionReason: null, reviewedAt: new Date(), reviewedById: adminId }
      : { status: "REJECTED", rejectionReason: review.reason, reviewedAt: new Date(), reviewedById: adminId },
  });
  if (count === 0) throw new AppError("CONFLICT", "Only a pending client can be reviewed");
  if (!accepted) await flushCredentialCache(); // a rejected client's grants stop working at once
  const client = await db.oAuthClient.findUniqueOrThrow({ where: { id: review.clientId }, select: { name: true, owner: { select: { email: true } } } });
  const settingsUrl = `${env().APP_URL}/settings/developer/oauth`;
  await sendMail({
    to: client.owner.email,
    subject: accepted ? `Your OAuth client "${client.name}" was accepted` : `Your OAuth client "${client.name}" was rejected`,
    text: accepted
      ? `Your OAuth client "${client.name}" was accepted and can now be used to authorize users.\n\n${settingsUrl}\n`
      : `Your OAuth client "${client.name}" was rejected.\n\nReason: ${review.reason}\n\nYou can edit it and it will be reviewed again: ${settingsUrl}\n`,
  });
}
