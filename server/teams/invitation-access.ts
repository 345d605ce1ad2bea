/**
 * Which invitations an actor manages: those of the teams where they are an OWNER or ADMIN (directly or through
 * the organization), the same rule as the write routes' access. The invitee reaches theirs only through the token.
 */
import type { Actor } from "../auth/actor";
import type { Prisma } from "../db/generated/client";
import { rolesWith } from "../auth/permissions";
import { teamsWhereActorIs } from "./team-access";

export const invitationsManagedBy = (actor: Actor): Prisma.TeamInvitationWhereInput => ({ team: teamsWhereActorIs(actor, rolesWith("membership.write")) });
