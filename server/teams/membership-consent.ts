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

/**
 * The seam for organizations: whether `actor` may make `userId` an accepted member of `teamId` without the user's
 * acceptance. An organization's admins will manage the users created in their organization; until that exists,
 * nobody may, whatever their role.
 */
export async function mayAddWithoutConsent(_tx: Tx, _actor: Actor, _teamId: number, _userId: number): Promise<boolean> {
  return false;
}

/** Whether an accepted membership of `userId` may come from `actor`'s request: their own, or one the seam allows. */
export async function speaksForUser(tx: Tx, actor: Actor, teamId: number, userId: number): Promise<boolean> {
  return actor.userId === userId || mayAddWithoutConsent(tx, actor, teamId, userId);
}

export const consentRequired = () =>
  new AppError("BAD_REQUEST", "Only the user can accept a membership: they accept the invitation mailed to them", [
    { path: "body.accepted", message: "Only the user themself can set accepted: true" },
  ]);
