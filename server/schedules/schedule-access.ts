/** Which schedules an actor sees and changes: their own. Team schedules are read through the team's members (teams routes). */
import type { Actor } from "../auth/actor";
import type { Prisma } from "../db/generated/client";

export const schedulesOf = (actor: Actor): Prisma.ScheduleWhereInput => ({ userId: actor.userId });
