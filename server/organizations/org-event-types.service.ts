/**
 * Event types of an organization's teams: the organization-wide list (GET /v2/organizations/{orgId}/teams/event-types,
 * org.eventTypes.read), and, on one of its teams, the team event type and private link use cases themselves
 * (onTeamOfOrganization: another team is a 404 "Team not found"; each use case checks its team permission).
 */
import type { Actor } from "../auth/actor";
import { db } from "../db/client";
import type { TPaginationQuery } from "../http/pagination";
import type { TCreatePrivateLinkInput, TUpdatePrivateLinkInput } from "../event-types/private-link.schemas";
import { createTeamPrivateLink, deleteTeamPrivateLink, listTeamPrivateLinks, updateTeamPrivateLink } from "../event-types/private-link.service";
import { TEAM_EVENT_TYPE_SELECT, toTeamEventTypeOutput } from "../event-types/team-event-type.dto";
import type { TCreateTeamEventTypeInput, TUpdateTeamEventTypeInput } from "../event-types/team-event-type.schemas";
import { createTeamEventType, deleteTeamEventType, getTeamEventType, listTeamEventTypes, updateTeamEventType } from "../event-types/team-event-type.service";
import { createPhoneCall, type TCreatePhoneCallInput } from "../event-types/team-phone-call";
import { requireOrgPermission } from "./organization-access";
import { eventTypesOfOrganizationTeams } from "./org-event-types-access";
import { onTeamOfOrganization } from "./org-teams.service";

/** Every event type of the organization's teams (not the members' managed copies), by team then position. */
export async function listOrganizationEventTypes(actor: Actor, orgId: number, page: TPaginationQuery) {
  await requireOrgPermission(actor, orgId, "org.eventTypes.read");
  const where = eventTypesOfOrganizationTeams(actor, orgId);
  const [rows, totalItems] = await db.$transaction([
    db.eventType.findMany({
      where,
      select: TEAM_EVENT_TYPE_SELECT,
      orderBy: [{ teamId: "asc" }, { position: "desc" }, { id: "asc" }],
      skip: page.skip,
      take: page.take,
    }),
    db.eventType.count({ where }),
  ]);
  return { items: rows.map((row) => toTeamEventTypeOutput(row)), totalItems };
}

export const listOrganizationTeamEventTypes = (actor: Actor, orgId: number, teamId: number, query: { eventSlug?: string; hostsLimit?: number }) =>
  onTeamOfOrganization(orgId, teamId, () => listTeamEventTypes(actor, teamId, query));

export const getOrganizationTeamEventType = (actor: Actor, orgId: number, teamId: number, eventTypeId: number) =>
  onTeamOfOrganization(orgId, teamId, () => getTeamEventType(actor, teamId, eventTypeId));

export const createOrganizationTeamEventType = (actor: Actor, orgId: number, teamId: number, input: TCreateTeamEventTypeInput) =>
  onTeamOfOrganization(orgId, teamId, () => createTeamEventType(actor, teamId, input));

export const updateOrganizationTeamEventType = (actor: Actor, orgId: number, teamId: number, eventTypeId: number, input: TUpdateTeamEventTypeInput) =>
  onTeamOfOrganization(orgId, teamId, () => updateTeamEventType(actor, teamId, eventTypeId, input));

export const deleteOrganizationTeamEventType = (actor: Actor, orgId: number, teamId: number, eventTypeId: number) =>
  onTeamOfOrganization(orgId, teamId, () => deleteTeamEventType(actor, teamId, eventTypeId));

export const createOrganizationTeamPhoneCall = (actor: Actor, orgId: number, teamId: number, eventTypeId: number, input: TCreatePhoneCallInput) =>
  onTeamOfOrganization(orgId, teamId, () => createPhoneCall(actor, teamId, eventTypeId, input));

export const listOrganizationTeamPrivateLinks = (actor: Actor, orgId: number, teamId: number, eventTypeId: number) =>
  onTeamOfOrganization(orgId, teamId, () => listTeamPrivateLinks(actor, teamId, eventTypeId));

export const createOrganizationTeamPrivateLink = (actor: Actor, orgId: number, teamId: number, eventTypeId: number, input: TCreatePrivateLinkInput) =>
  onTeamOfOrganization(orgId, teamId, () => createTeamPrivateLink(actor, teamId, eventTypeId, input));

export const updateOrganizationTeamPrivateLink = (
  actor: Actor,
  orgId: number,
  teamId: number,
  eventTypeId: number,
  linkId: string,
  input: TUpdatePrivateLinkInput,
) => onTeamOfOrganization(orgId, teamId, () => updateTeamPrivateLink(actor, teamId, eventTypeId, linkId, input));

export const deleteOrganizationTeamPrivateLink = (actor: Actor, orgId: number, teamId: number, eventTypeId: number, linkId: string) =>
  onTeamOfOrganization(orgId, teamId, () => deleteTeamPrivateLink(actor, teamId, eventTypeId, linkId));
