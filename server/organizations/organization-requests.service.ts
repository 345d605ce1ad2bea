/**
 * Asking for an organization (/settings/organizations/new) and the admins' review of the requests, as OAuth clients
 * are reviewed (server/oauth/review.ts): the admins are mailed of a new request, the requester of the decision, each
 * mail queued in the transaction of the change it reports. Accepting creates the organization with the requester as
 * its OWNER in that same transaction, so an accepted request always has its organization and a failed creation (the
 * slug was taken meanwhile, the requester joined another organization) leaves the request pending.
 */
import type { Actor } from "../auth/actor";
import { db } from "../db/client";
import { Prisma } from "../db/generated/client";
import { AppError } from "../errors";
import { env } from "../env";
import { queueMails } from "../mail/mail-queue";
import type { Mail } from "../mail/mailer";
import { forgetProfile } from "../me/me.service";
import { organizationMembershipOf } from "./organization-access";
import { insertOrganization, requireInstanceAdmin } from "./organization.service";
import {
  ZRequestOrganizationInput,
  ZReviewOrganizationRequestInput,
  type TRequestOrganizationInput,
  type TReviewOrganizationRequestInput,
} from "./organization.schemas";

const REQUEST_SELECT = {
  id: true,
  name: true,
  slug: true,
  status: true,
  rejectionReason: true,
  organizationId: true,
  reviewedAt: true,
  createdAt: true,
} as const;

const appUrl = () => env().APP_URL.replace(/\/$/, "");

const newRequestMail = (to: string, request: { name: string; slug: string }, requester: { name: string; email: string }): Mail => ({
  to,
  subject: `Organization requested: "${request.name}"`,
  text: `${requester.name} (${requester.email}) asks for the organization "${request.name}" (${request.slug}).\n\nReview it: ${appUrl()}/settings/admin/organizations\n`,
});

function decisionMail(to: string, name: string, review: TReviewOrganizationRequestInput, organizationId: number | null): Mail {
  return review.decision === "ACCEPT"
    ? {
        to,
        subject: `Your organization "${name}" was created`,
        text: `Your request was accepted: the organization "${name}" exists and you are its owner.\n\n${appUrl()}/settings/organizations/${organizationId}\n`,
      }
    : {
        to,
        subject: `Your organization request "${name}" was rejected`,
        text: `Your request for the organization "${name}" was rejected.\n\nReason: ${review.reason}\n\nYou can ask again: ${appUrl()}/settings/organizations/new\n`,
      };
}

/**
 * A user asks for an organization. Refused (409) while they have a request pending or already belong to an
 * organization; the slug is checked for real only when an admin accepts (it may be taken meanwhile).
 */
export async function requestOrganization(actor: Actor, input: TRequestOrganizationInput) {
  const { name, slug } = ZRequestOrganizationInput.parse(input);
  return db.$transaction(async (tx) => {
    const requester = await tx.user.findUniqueOrThrow({ where: { id: actor.userId }, select: { id: true, name: true, email: true } });
    // The user's row serialises their requests: two quick submits make one request.
    await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${actor.userId} FOR UPDATE`;
    if (await tx.membership.findFirst({ where: organizationMembershipOf(actor.userId), select: { id: true } })) {
      throw new AppError("CONFLICT", "You already belong to an organization; a user is a member of one organization at most");
    }
    if (await tx.organizationRequest.findFirst({ where: { requestedById: actor.userId, status: "PENDING" }, select: { id: true } })) {
      throw new AppError("CONFLICT", "You already have a request waiting for review");
    }
    if (await tx.team.findFirst({ where: { parentId: null, slug }, select: { id: true } })) {
      throw new AppError("CONFLICT", `The slug "${slug}" is taken`, [{ path: "slug", message: "Taken" }]);
    }
    const request = await tx.organizationRequest.create({ data: { requestedById: actor.userId, name, slug }, select: REQUEST_SELECT });
    const admins = await tx.user.findMany({ where: { role: "ADMIN" }, select: { email: true } });
    await queueMails(
      tx,
      admins.map((admin) => newRequestMail(admin.email, request, requester)),
    );
    return request;
  });
}

/** The actor's own requests, newest first (the page shows where theirs stands). */
export const listMyOrganizationRequests = (actor: Actor) =>
  db.organizationRequest.findMany({ where: { requestedById: actor.userId }, select: REQUEST_SELECT, orderBy: { id: "desc" }, take: 20 });

/** The admins' queue: pending first, oldest first. */
export async function listOrganizationRequestsForReview(actor: Actor) {
  await requireInstanceAdmin(db, actor);
  return db.organizationRequest.findMany({
    select: { ...REQUEST_SELECT, requestedBy: { select: { id: true, name: true, email: true } } },
    orderBy: [{ status: "asc" }, { createdAt: "asc" }],
    take: 500,
  });
}

/** An admin accepts (the organization is created, the requester its OWNER) or rejects with a reason; both are mailed. */
export async function reviewOrganizationRequest(actor: Actor, input: TReviewOrganizationRequestInput) {
  const review = ZReviewOrganizationRequestInput.parse(input);
  const result = await db
    .$transaction(async (tx) => {
      await requireInstanceAdmin(tx, actor);
      const request = await tx.organizationRequest.findUnique({
        where: { id: review.requestId },
        select: { ...REQUEST_SELECT, requestedById: true, requestedBy: { select: { email: true } } },
      });
      if (!request) throw new AppError("NOT_FOUND", "Organization request not found");
      const reviewed = { reviewedAt: new Date(), reviewedById: actor.userId };
      // Claimed by a conditional update: two admins deciding at once make one decision.
      const { count } = await tx.organizationRequest.updateMany({
        where: { id: request.id, status: "PENDING" },
        data: review.decision === "ACCEPT" ? { status: "ACCEPTED", ...reviewed } : { status: "REJECTED", rejectionReason: review.reason, ...reviewed },
      });
      if (count === 0) throw new AppError("CONFLICT", "Only a pending request can be reviewed");
      const organizationId =
        review.decision === "ACCEPT" ? (await insertOrganization(tx, { name: request.name, slug: request.slug, ownerId: request.requestedById })).id : null;
      if (organizationId) await tx.organizationRequest.update({ where: { id: request.id }, data: { organizationId } });
      await queueMails(tx, [decisionMail(request.requestedBy.email, request.name, review, organizationId)]);
      return { requestedById: request.requestedById, organizationId };
    })
    .catch((error: unknown) => {
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw new AppError("CONFLICT", "The slug was taken meanwhile");
      throw error;
    });
  await forgetProfile(result.requestedById);
  return db.organizationRequest.findUniqueOrThrow({ where: { id: review.requestId }, select: REQUEST_SELECT });
}
