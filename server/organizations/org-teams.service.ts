/**
 * The organization's teams (/v2/organizations/{orgId}/teams…): the organization-level reads (every team, the caller's
 * own) and, for one team, the team use cases themselves. A team path names one of the organization's teams or is a
 * 404 "Team not found", the answer for an unknown team, so an organization's route never reaches another
 * organization's (or a free-standing) team; then the team use case runs and checks its own permission
 * (requirePermission), in which the organization's OWNERs and ADMINs count as the team's (ORG_ROLE_IN_ITS_TEAMS).
 */
import type { Actor } from "../auth/actor";
import { db } from "../db/client";
import type { Prisma } from "../db/generated/client";
import type { TPaginationQuery } from "../http/pagination";
import { TEAM_SELECT, toTeamOutput } from "../teams/team.dto";
import type { TCreateMembershipInput, TCreateTeamInput, TUpdateMembershipInput, TUpdateTeamInput } from "../teams/team.schemas";
import { createTeam, deleteTeamOfOrganization, getTeam, updateTeam } from "../teams/team.service";
import { createMembership, deleteMembership, getMembership, listMemberships, updateMembership } from "../teams/membership.service";
import type { TInviteInput } from "../teams/invitation.schemas";
import { inviteToTeamWithLink } from "../teams/invitation.service";
import { requireOrgPermission, requireTeamOfOrganization } from "./organization-access";
import { orgTeamsOfMember, orgTeamsReadableBy } from "./org-teams-access";

/** Runs a team use case on one of the organization's teams; any other team id is a 404 "Team not found". */
export async function onTeamOfOrganization<T>(orgId: number, teamId: number, teamUseCase: () => Promise<T>): Promise<T> {
  await requireTeamOfOrganization(orgId, teamId);
  return teamUseCase();
}

async function pageOfTeams(where: Prisma.TeamWhereInput, page: TPaginationQuery) {
  const [rows, totalItems] = await db.$transaction([
    db.team.findMany({ where, select: TEAM_SELECT, orderBy: { id: "asc" }, skip: page.skip, take: page.take }),
    db.team.count({ where }),
  ]);
  return { items: rows.map(toTeamOutput), totalItems };
}

/** GET /v2/organizations/{orgId}/teams: every team of the organization, for its owners and admins (org.teams.read). */
export async function listOrganizationTeams(actor: Actor, orgId: number, page: TPaginationQuery) {
  await requireOrgPermission(actor, orgId, "org.teams.read");
  return pageOfTeams(orgTeamsReadableBy(actor, orgId), page);
}

/** GET /v2/organizations/{orgId}/teams/me: the organization's teams the caller is an accepted member of (org.read). */
export async function listMyOrganizationTeams(actor: Actor, orgId: number, page: TPaginationQuery) {
  await requireOrgPermission(actor, orgId, "org.read");
  return pageOfTeams(orgTeamsOfMember(actor, orgId), page);
}

/** POST /v2/organizations/{orgId}/teams: createTeam checks org.teams.write; the slug is unique within the organization. */
export const createOrganizationTeam = (actor: Actor, orgId: number, input: TCreateTeamInput) => createTeam(actor, input, { organizationId: orgId });

export const getOrganizationTeam = (actor: Actor, orgId: number, teamId: number) => onTeamOfOrganization(orgId, teamId, () => getTeam(actor, teamId));

/**
 * PATCH /v2/organizations/{orgId}/teams/{teamId}: org.teams.write in the organization (the spec's organization table),
 * then the team's own use case, where the organization's owners and admins act as the team's.
 */
export async function updateOrganizationTeam(actor: Actor, orgId: number, teamId: number, input: TUpdateTeamInput) {
  await requireOrgPermission(actor, orgId, "org.teams.write");
  return onTeamOfOrganization(orgId, teamId, () => updateTeam(actor, teamId, input));
}

/** DELETE /v2/organizations/{orgId}/teams/{teamId}: org.teams.write (team.service.ts deleteTeamOfOrganization). */
export const deleteOrganizationTeam = (actor: Actor, orgId: number, teamId: number) => deleteTeamOfOrganization(actor, orgId, teamId);

export const listOrganizationTeamMemberships = (actor: Actor, orgId: number, teamId: number, page: TPaginationQuery) =>
  onTeamOfOrganization(orgId, teamId, () => listMemberships(actor, teamId, page));

export const getOrganizationTeamMembership = (actor: Actor, orgId: number, teamId: number, membershipId: number) =>
  onTeamOfOrganization(orgId, teamId, () => getMembership(actor, teamId, membershipId));

export const createOrganizationTeamMembership = (actor: Actor, orgId: number, teamId: number, input: TCreateMembershipInput) =>
  onTeamOfOrganization(orgId, teamId, () => createMembership(actor, teamId, input));

export const updateOrganizationTeamMembership = (actor: Actor, orgId: number, teamId: number, membershipId: number, input: TUpdateMembershipInput) =>
  onTeamOfOrganization(orgId, teamId, () => updateMembership(actor, teamId, membershipId, input));

export const deleteOrganizationTeamMembership = (actor: Actor, orgId: number, teamId: number, membershipId: number) =>
  onTeamOfOrganization(orgId, teamId, () => deleteMembership(actor, teamId, membershipId));

export const inviteToOrganizationTeam = (actor: Actor, orgId: number, teamId: number, input: TInviteInput) =>
  onTeamOfOrganization(orgId, teamId, () => inviteToTeamWithLink(actor, teamId, input));
