/** Which out-of-office entries an actor sees and changes: their own (team admins reach members' entries through the team routes). */
import type { Actor } from "../auth/actor";
import type { Prisma } from "../db/generated/client";

export const outOfOfficeOf = (actor: Actor): Prisma.OutOfOfficeWhereInput => ({ userId: actor.userId });
