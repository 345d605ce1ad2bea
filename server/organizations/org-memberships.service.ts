/**
 * Organization memberships (/v2/organizations/{orgId}/memberships): the memberships of the organization's own team,
 * for its admins (org.memberships.read / .write). They are team memberships underneath, so every rule of those holds
 * here by going through the same use cases: adding someone else is an invitation they must accept (unless the
 * organization created their account), only an OWNER grants OWNER, the last owner stays. The organization rules
 * (one organization per user, leaving it leaves its teams) live in organization-access.ts and apply on every door.
 */
import type { Actor } from "../auth/actor";
import type { TPaginationQuery } from "../http/pagination";
import { createMembership, deleteMembership, getMembership, listMemberships, updateMembership } from "../teams/membership.service";
import type { TMembershipOutput } from "../teams/team.dto";
import type { TCreateMembershipInput, TUpdateMembershipInput } from "../teams/team.schemas";
import { z } from "zod";
import { ZMembershipOutput } from "../teams/team.dto";
import { AppError } from "../errors";
import { requireOrgPermission } from "./organization-access";

export const ZOrgMembershipOutput = ZMembershipOutput.extend({
  disableImpersonation: z.boolean().describe("Always true: Convene has no impersonation"),
  attributes: z.array(z.unknown()).describe("Always empty: Convene keeps no member attributes"),
});
export type TOrgMembershipOutput = z.infer<typeof ZOrgMembershipOutput>;

const toOrgMembership = (membership: TMembershipOutput): TOrgMembershipOutput => ({ ...membership, disableImpersonation: true, attributes: [] });

export async function listOrgMemberships(actor: Actor, orgId: number, page: TPaginationQuery) {
  await requireOrgPermission(actor, orgId, "org.memberships.read");
  const { items, totalItems } = await listMemberships(actor, orgId, page);
  return { items: items.map(toOrgMembership), totalItems };
}

export async function getOrgMembership(actor: Actor, orgId: number, membershipId: number) {
  await requireOrgPermission(actor, orgId, "org.memberships.read");
  return toOrgMembership(await getMembership(actor, orgId, membershipId));
}

export async function createOrgMembership(actor: Actor, orgId: number, input: TCreateMembershipInput) {
  await requireOrgPermission(actor, orgId, "org.memberships.write");
  return toOrgMembership(await createMembership(actor, orgId, input));
}

export async function updateOrgMembership(actor: Actor, orgId: number, membershipId: number, input: TUpdateMembershipInput) {
  await requireOrgPermission(actor, orgId, "org.memberships.write");
  const updated = await updateMembership(actor, orgId, membershipId, input);
  if (!updated) throw new AppError("NOT_FOUND", "Membership not found");
  return toOrgMembership(updated);
}

export async function deleteOrgMembership(actor: Actor, orgId: number, membershipId: number) {
  await requireOrgPermission(actor, orgId, "org.memberships.write");
  return toOrgMembership(await deleteMembership(actor, orgId, membershipId));
}
