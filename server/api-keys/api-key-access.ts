/** Which API keys an actor lists and revokes: their own live ones. */
import type { Actor } from "../auth/actor";
import type { Prisma } from "../db/generated/client";

export const liveApiKeysOf = (actor: Actor): Prisma.ApiKeyWhereInput => ({ userId: actor.userId, revokedAt: null });
