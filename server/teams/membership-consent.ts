/**
 * Membership is consent (issue 19). A user becomes an accepted member of a team only by accepting: the invitation
 * mailed to them (its page, or the site's acceptInvitation), or by adding themselves where they already act (an
 * organization's admin joining one of its teams). An owner's "add member" is an invitation, and `accepted: true`
 * from anyone else is refused (400 on body.accepted) rather than silently ignored, so a client learns at once that
 * the member has yet to accept. Every door (/v2, tRPC, the CLI) reaches memberships through the services that ask
 * here, so none can skip the rule.
 */
import type { Actor } from "../auth/actor";
import type { Tx } from "../db/client";
import { AppError } from "../errors";
import { organizationManagesUser } from "../organizations/organization-access";

/**
 * The seam for organizations: whether `actor` may make `userId` an accepted member of `teamId` without the user's
 * acceptance. Only a user created in the organization (POST /v2/organizations/{orgId}/users), by one of its admins,
 * for the organization or one of its teams (organization-access.ts); nobody else, whatever their role.
 */
export const mayAddWithoutConsent = (tx: Tx, actor: Actor, teamId: number, userId: number): Promise<boolean> =>
  organizationManagesUser(tx, actor, teamId, userId);

/** Whether an accepted membership of `userId` may come from `actor`'s request: their own, or one the seam allows. */
export async function speaksForUser(tx: Tx, actor: Actor, teamId: number, userId: number): Promise<boolean> {
  return actor.userId === userId || mayAddWithoutConsent(tx, actor, teamId, userId);
}

export const consentRequired = () =>
  new AppError("BAD_REQUEST", "Only the user can accept a membership: they accept the invitation mailed to them", [
    { path: "body.accepted", message: "Only the user themself can set accepted: true" },
  ]);
