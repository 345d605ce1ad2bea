/**
 * Which e-mail change requests an actor reaches: their own. Open ones (not confirmed) are replaced by a new request;
 * the pending one is open and not expired. Confirming goes by the link's token instead (email-change.service.ts).
 */
import type { Actor } from "../auth/actor";
import type { Prisma } from "../db/generated/client";

type Owner = Pick<Actor, "userId">;

export const openEmailChangeRequestsOf = (owner: Owner): Prisma.EmailChangeRequestWhereInput => ({ userId: owner.userId, confirmedAt: null });

export const pendingEmailChangeRequestsOf = (owner: Owner, now: Date): Prisma.EmailChangeRequestWhereInput => ({
  ...openEmailChangeRequestsOf(owner),
  expiresAt: { gt: now },
});
