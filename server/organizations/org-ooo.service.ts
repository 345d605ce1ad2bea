/**
 * Out-of-office entries under /v2/organizations/{orgId}: every member's (org.ooo.read) and one member's, read and
 * written by the organization's owners and admins (org.ooo.read / org.ooo.write). The organization is the team its
 * members belong to, so the team member use cases (out-of-office.service.ts) do the work with the organization's id:
 * a user who is not an accepted member is a 404, a redirect to anyone but another accepted member a 400.
 */
import type { Actor } from "../auth/actor";
import type { TCreateOooInput, TListOooQuery, TUpdateOooInput } from "../out-of-office/out-of-office.schemas";
import {
  createTeamMemberOutOfOffice,
  deleteTeamMemberOutOfOffice,
  listTeamMemberOutOfOffice,
  listTeamMembersOutOfOffice,
  updateTeamMemberOutOfOffice,
} from "../out-of-office/out-of-office.service";
import { requireOrgPermission } from "./organization-access";

export async function listOrganizationOutOfOffice(actor: Actor, orgId: number, query: TListOooQuery & { email?: string }) {
  await requireOrgPermission(actor, orgId, "org.ooo.read");
  return listTeamMembersOutOfOffice(actor, orgId, query);
}

export async function listOrganizationUserOutOfOffice(actor: Actor, orgId: number, userId: number, query: TListOooQuery) {
  await requireOrgPermission(actor, orgId, "org.ooo.read");
  return listTeamMemberOutOfOffice(actor, orgId, userId, query);
}

export async function createOrganizationUserOutOfOffice(actor: Actor, orgId: number, userId: number, input: TCreateOooInput) {
  await requireOrgPermission(actor, orgId, "org.ooo.write");
  return createTeamMemberOutOfOffice(actor, orgId, userId, input);
}

export async function updateOrganizationUserOutOfOffice(actor: Actor, orgId: number, userId: number, oooId: number, input: TUpdateOooInput) {
  await requireOrgPermission(actor, orgId, "org.ooo.write");
  return updateTeamMemberOutOfOffice(actor, orgId, userId, oooId, input);
}

export async function deleteOrganizationUserOutOfOffice(actor: Actor, orgId: number, userId: number, oooId: number) {
  await requireOrgPermission(actor, orgId, "org.ooo.write");
  return deleteTeamMemberOutOfOffice(actor, orgId, userId, oooId);
}
