/** Which OAuth rows an actor reaches: the clients they registered, and the grants they gave apps. */
import type { Actor } from "../auth/actor";
import type { Prisma } from "../db/generated/client";

export const oauthClientsOwnedBy = (actor: Actor): Prisma.OAuthClientWhereInput => ({ ownerId: actor.userId });

/** The actor's live grants (revoked ones no longer authorize anything). */
export const liveGrantsOf = (actor: Actor): Prisma.OAuthGrantWhereInput => ({ userId: actor.userId, revokedAt: null });
