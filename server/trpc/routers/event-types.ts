/**
 * The site's event types (/event-types and its editor): the very use cases /v2/event-types and
 * /v2/teams/{teamId}/event-types call, with the session's Actor. The team use cases check the team permission
 * themselves (eventType.read / eventType.write), so the page's "can edit" is only a hint of what they allow.
 * Bodies travel as `body`, so a service's field paths (`body.slug`) name the form's fields, as on /v2.
 */
import { z } from "zod";
import type { Actor } from "../../auth/actor";
import { holdsPermission } from "../../auth/permissions";
import { env } from "../../env";
import { duplicateEventType, duplicateTeamEventType, eventTypeTeamOf } from "../../event-types/event-type-duplicate";
import { ZDuplicateEventTypeInput } from "../../event-types/event-type-duplicate.schemas";
import { ZCreateEventTypeInput, type TCreateEventTypeInput } from "../../event-types/event-type.schemas";
import { BUILT_IN_APP, type ConferencingApp } from "../../conferencing/conferencing-apps";
import { defaultAppOf } from "../../conferencing/conferencing-defaults";
import { createEventType, deleteEventType, getEventType, listEventTypes, updateEventType } from "../../event-types/event-type.service";
import { locationKinds } from "../../event-types/location-kinds";
import { ZCreatePrivateLinkInput } from "../../event-types/private-link.schemas";
import {
  createPrivateLink,
  createTeamPrivateLink,
  deletePrivateLink,
  deleteTeamPrivateLink,
  listPrivateLinks,
  listTeamPrivateLinks,
} from "../../event-types/private-link.service";
import { ZCreateTeamEventTypeInput, ZUpdateTeamEventTypeInput } from "../../event-types/team-event-type.schemas";
import { createTeamEventType, deleteTeamEventType, getTeamEventType, listTeamEventTypes, updateTeamEventType } from "../../event-types/team-event-type.service";
import { ZIdField } from "../../http/ids";
import { getMe } from "../../me/me.service";
import { unbookableReasons } from "../../teams/host-bookability";
import { listMemberships } from "../../teams/membership.service";
import { teamRoleOf } from "../../teams/team-roles";
import { listTeams } from "../../teams/team.service";
import { ZCreateWebhookInput } from "../../webhooks/webhook.schemas";
import { createWebhook } from "../../webhooks/webhook.service";
import { protectedProcedure, router } from "../init";
import { publicPathOfTeam } from "../../booking-page/org-public-profile.service";
import { teamPublicPath } from "../../booking-page/public-paths";

const ZEventTypeRef = z.object({ eventTypeId: ZIdField }).strict();
const ZTeamRef = z.object({ teamId: ZIdField }).strict();

/** Far more than one person's teams or event types on one page. */
const ALL = { take: 500, skip: 0 };

const appUrl = () => env().APP_URL.replace(/\/$/, "");
const personalBase = async (actor: Actor) => `${appUrl()}/${(await getMe(actor)).username}/`;
const teamBase = (teamSlug: string, organizationSlug: string | null) => `${appUrl()}${teamPublicPath(teamSlug, organizationSlug)}/`;

async function canWrite(actor: Actor, teamId: number) {
  const role = await teamRoleOf(actor, teamId);
  return role !== null && holdsPermission(role, "eventType.write");
}

/**
 * A new event type made in the site starts with a meeting link: the creator's default conferencing app for their own
 * (Jitsi Meet until they choose another), the built-in Jitsi Meet for a team's (its hosts may not have the
 * creator's app). The editor says so, and a location sent with the form is kept as it is.
 */
function withMeetingLocation<T extends { locations?: TCreateEventTypeInput["locations"] }>(body: T, app: ConferencingApp): T {
  return body.locations === undefined ? { ...body, locations: [{ type: "integration", integration: app }] } : body;
}

/** The actor's own event types, then each team's, with whether the actor may change them. */
async function overview(actor: Actor) {
  const [publicBase, { items: eventTypes }, { items: teams }] = await Promise.all([personalBase(actor), listEventTypes(actor, ALL), listTeams(actor, ALL)]);
  const teamGroups = await Promise.all(
    teams.map(async (team) => ({
      team: { id: team.id, name: team.name, slug: team.slug },
      canWrite: await canWrite(actor, team.id),
      publicBase: teamBase(team.slug, team.organization?.slug ?? null),
      eventTypes: await listTeamEventTypes(actor, team.id),
    })),
  );
  return { personal: { publicBase, eventTypes }, teams: teamGroups };
}

/** One event type for the editor: a personal one, or a team's with its members (the host candidates). */
async function editorData(actor: Actor, eventTypeId: number) {
  const teamId = await eventTypeTeamOf(actor, eventTypeId);
  if (teamId === null) return { kind: "personal" as const, eventType: await getEventType(actor, eventTypeId), publicBase: await personalBase(actor) };
  const eventType = await getTeamEventType(actor, teamId, eventTypeId);
  const accepted = (await listMemberships(actor, teamId, ALL, { pending: false })).items.filter((member) => member.accepted);
  // Who cannot be booked (no schedule, no hours, away for good): round robin skips them, so the Hosts tab names them.
  const reasons = await unbookableReasons(accepted.map((member) => member.userId));
  const members = accepted.map(({ userId, role, user }) => ({
    userId,
    role,
    name: user.name ?? user.username ?? `Member ${userId}`,
    unbookable: reasons.get(userId) ?? null,
  }));
  return { kind: "team" as const, eventType, canWrite: await canWrite(actor, teamId), publicBase: `${appUrl()}${await publicPathOfTeam(teamId)}/`, members };
}

/**
 * Writes name the event type with its team (null: the actor's own) and go to that level's use case. The body is
 * the team schema (a superset); the personal use case parses its own, stricter one, so team fields are refused there.
 */
const ZScopedRef = ZEventTypeRef.extend({ teamId: ZIdField.nullable() }).strict();

/** A personal event type's links, or a team's (teamId set): the use cases the personal and the organization /v2 routes call. */
const privateLinksRouter = router({
  list: protectedProcedure.input(ZScopedRef).query(({ ctx, input: { teamId, eventTypeId } }) => {
    return teamId === null ? listPrivateLinks(ctx.actor, eventTypeId) : listTeamPrivateLinks(ctx.actor, teamId, eventTypeId);
  }),
  create: protectedProcedure.input(ZScopedRef.extend({ body: ZCreatePrivateLinkInput })).mutation(({ ctx, input: { teamId, eventTypeId, body } }) => {
    return teamId === null ? createPrivateLink(ctx.actor, eventTypeId, body) : createTeamPrivateLink(ctx.actor, teamId, eventTypeId, body);
  }),
  revoke: protectedProcedure.input(ZScopedRef.extend({ linkId: z.string().max(64) })).mutation(({ ctx, input: { teamId, eventTypeId, linkId } }) => {
    return teamId === null ? deletePrivateLink(ctx.actor, eventTypeId, linkId) : deleteTeamPrivateLink(ctx.actor, teamId, eventTypeId, linkId);
  }),
});

export const eventTypesRouter = router({
  overview: protectedProcedure.query(({ ctx }) => overview(ctx.actor)),
  locationKinds: protectedProcedure.query(({ ctx }) => locationKinds(ctx.actor)),
  get: protectedProcedure.input(ZEventTypeRef).query(({ ctx, input }) => editorData(ctx.actor, input.eventTypeId)),
  create: protectedProcedure
    .input(z.object({ body: ZCreateEventTypeInput }))
    .mutation(async ({ ctx, input }) => createEventType(ctx.actor, withMeetingLocation(input.body, await defaultAppOf(ctx.actor.userId)))),
  createForTeam: protectedProcedure
    .input(ZTeamRef.extend({ body: ZCreateTeamEventTypeInput }))
    .mutation(({ ctx, input }) => createTeamEventType(ctx.actor, input.teamId, withMeetingLocation(input.body, BUILT_IN_APP))),
  update: protectedProcedure.input(ZScopedRef.extend({ body: ZUpdateTeamEventTypeInput })).mutation(({ ctx, input: { teamId, eventTypeId, body } }) => {
    return teamId === null ? updateEventType(ctx.actor, eventTypeId, body) : updateTeamEventType(ctx.actor, teamId, eventTypeId, body);
  }),
  duplicate: protectedProcedure.input(ZScopedRef.extend({ body: ZDuplicateEventTypeInput })).mutation(({ ctx, input: { teamId, eventTypeId, body } }) => {
    return teamId === null ? duplicateEventType(ctx.actor, eventTypeId, body) : duplicateTeamEventType(ctx.actor, teamId, eventTypeId, body);
  }),
  delete: protectedProcedure.input(ZScopedRef).mutation(({ ctx, input: { teamId, eventTypeId } }) => {
    return teamId === null ? deleteEventType(ctx.actor, eventTypeId) : deleteTeamEventType(ctx.actor, teamId, eventTypeId);
  }),
  privateLinks: privateLinksRouter,
  /** A webhook of this event type (the account's are made on /settings/developer/webhooks); listed, edited and deleted there too. */
  createWebhook: protectedProcedure
    .input(z.object({ eventTypeId: ZIdField, teamId: ZIdField.nullable(), body: ZCreateWebhookInput }).strict())
    .mutation(({ ctx, input }) => {
      const { eventTypeId, teamId } = input;
      return createWebhook(ctx.actor, teamId === null ? { kind: "eventType", eventTypeId } : { kind: "teamEventType", teamId, eventTypeId }, input.body);
    }),
});
