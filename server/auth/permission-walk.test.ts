/**
 * Every service entry point that takes a team id, called directly (no route, no tRPC wrapper) as an outsider, as each
 * team role, and as the weakest role holding its permission: a non-member gets 404 "Team not found", a member whose
 * role lacks the permission 403, the first role holding it gets through. The cases are keyed by the /v2 operation
 * they serve, and the catalog's team routes must all have one, so a new team route without a walked use case fails
 * here, and so does a use case that forgets requirePermission.
 */
import { afterAll, describe, expect, it } from "vitest";
import { rejectionOf } from "../../e2e/support/rejections";
import { addMember, makeTenancyWorld } from "../../prisma/team-factories";
import { makeUser } from "../../prisma/factories";
import { ZListBookingsQuery } from "../bookings/booking-list-query";
import { listTeamBookings } from "../bookings/booking-reads";
import { db, disconnectDb } from "../db/client";
import { AppError } from "../errors";
import { createTeamEventType, deleteTeamEventType, getTeamEventType, listTeamEventTypes, updateTeamEventType } from "../event-types/team-event-type.service";
import { createPhoneCall } from "../event-types/team-phone-call";
import { ROUTE_CATALOG } from "../http/route-catalog";
import { orgAccessOf, teamAccessOf } from "../http/route-definition";
import {
  createTeamMemberOutOfOffice,
  deleteTeamMemberOutOfOffice,
  listTeamMemberOutOfOffice,
  updateTeamMemberOutOfOffice,
} from "../out-of-office/out-of-office.service";
import { listTeamSchedules } from "../schedules/schedule.service";
import { inviteToTeam, listPendingInvitations, revokeInvitation } from "../teams/invitation.service";
import { createMembership, deleteMembership, getMembership, listMemberships, updateMembership } from "../teams/membership.service";
import { deleteTeam, getTeam, updateTeam } from "../teams/team.service";
import type { WebhookOwner } from "../webhooks/webhook-access";
import { listDeliveries, redeliverMessage, sendTestEvent } from "../webhooks/webhook-deliveries.service";
import { createTestMessage } from "../webhooks/webhook-messages";
import { sealWebhookSecret } from "../webhooks/webhook-secrets";
import { createRoutingForm, deleteRoutingForm, getRoutingForm, listRoutingForms, updateRoutingForm } from "../routing-forms/routing-form.service";
import { createRoutingFormResponse, listRoutingFormResponses, updateRoutingFormResponse } from "../routing-forms/routing-responses.service";
import { createWorkflow, deleteWorkflow, getWorkflow, listWorkflows, updateWorkflow } from "../workflows/workflow.service";
import { ZCreateWorkflowInput } from "../workflows/workflow.schemas";
import { createWebhook, deleteAllWebhooks, deleteWebhook, getWebhook, listWebhooks, updateWebhook } from "../webhooks/webhook.service";
import type { UrlPolicy } from "../webhooks/webhook-url";
import { createOrgMembership, deleteOrgMembership, getOrgMembership, listOrgMemberships, updateOrgMembership } from "../organizations/org-memberships.service";
import { createOrgUser, deleteOrgUser, getOrgUser, listOrgUsers, updateOrgUser } from "../organizations/org-users.service";
import { createOrganizationTeam, listOrganizationTeams, moveTeamIntoOrganization } from "../organizations/org-structure.service";
import { deleteOrganization, getOrganization, updateOrganization } from "../organizations/organization.service";
import * as orgBookings from "../organizations/org-bookings.service";
import * as orgEventTypes from "../organizations/org-event-types.service";
import * as orgOoo from "../organizations/org-ooo.service";
import * as orgSchedules from "../organizations/org-schedules.service";
import * as orgTeams from "../organizations/org-teams.service";
import { sessionActor, type Actor } from "./actor";
import { rolesWith, TEAM_ROLES, type Permission, type TeamRole } from "./permissions";

afterAll(() => disconnectDb());

const publicDns: UrlPolicy = { allowPrivateNetwork: false, resolve: async () => [{ address: "93.184.216.34", family: 4 }] };
/** Deliveries go nowhere: a loopback subscriber is refused before any connection. */
const noNetwork = { allowPrivateNetwork: false, resolve: async () => [{ address: "127.0.0.1", family: 4 as const }] };
const page = { take: 10, skip: 0 };
const day = (n: number) => new Date(Date.UTC(2033, 0, n)).toISOString();

/** A team (in an organization) with a member of each role, an outsider, and one of everything the use cases reach. */
async function makeFixture() {
  const world = await makeTenancyWorld();
  const teamId = world.team.id;
  const tag = `${teamId}`;
  const eventType = await db.eventType.create({
    data: { teamId, title: "Team call", slug: `walk-${tag}`, lengthInMinutes: 30, schedulingType: "COLLECTIVE" },
  });
  const created = await db.webhook.create({
    data: { eventTypeId: eventType.id, subscriberUrl: "https://127.0.0.1/hook", triggers: ["BOOKING_CREATED"], secretEncrypted: "" },
  });
  const webhook = await db.webhook.update({ where: { id: created.id }, data: { secretEncrypted: sealWebhookSecret(created.id, "walk-secret-0123456789") } });
  const messageId = await createTestMessage(webhook.id);
  const membership = await db.membership.findFirstOrThrow({ where: { teamId, userId: world.users.member.id } });
  const ooo = await db.outOfOffice.create({ data: { userId: world.users.member.id, start: day(1), end: day(2) } });
  const invitation = await db.teamInvitation.create({
    data: { teamId, email: `walk-${tag}@example.test`, tokenHash: `walk-${tag}-${Date.now()}`, expiresAt: new Date(Date.now() + 86_400_000) },
  });
  const joiner = await makeUser();
  const owner: WebhookOwner = { kind: "teamEventType", teamId, eventTypeId: eventType.id };
  const link = await db.privateLink.create({ data: { eventTypeId: eventType.id, hash: `walk-link-${tag}`, maxUsageCount: 1 } });
  const workflow = await db.workflow.create({
    data: { teamId, name: "Walk reminder", trigger: "newEvent", steps: { create: [{ stepNumber: 1, action: "email_host", subject: "Hi", body: "Hello" }] } },
  });
  const start = new Date(day(20));
  const booking = await db.booking.create({
    data: { uid: `walk-booking-${tag}`, eventTypeId: eventType.id, title: "Walk", start, end: new Date(start.getTime() + 1_800_000), status: "ACCEPTED" },
  });
  const routingForm = await makeWalkRoutingForm(teamId, world.users.owner.id);
  return {
    world,
    orgId: world.org.id,
    teamId,
    eventType,
    workflow,
    webhook,
    messageId,
    membership,
    ooo,
    invitation,
    joiner,
    owner,
    link,
    booking,
    ...routingForm,
  };
}
type Fixture = Awaited<ReturnType<typeof makeFixture>>;

type Case = { permission: Permission; call: (actor: Actor, f: Fixture) => Promise<unknown> };

const TEAM = "/v2/teams/{teamId}";
const WEBHOOK = `${TEAM}/event-types/{eventTypeId}/webhooks`;

const newWorkflow = ZCreateWorkflowInput.parse({
  name: "Walk",
  activation: { isActiveOnAllEventTypes: true },
  trigger: { type: "beforeEvent", offset: { value: 1, unit: "hour" } },
  steps: [
    {
      action: "email_host",
      stepNumber: 1,
      template: "reminder",
      sender: "Convene",
      includeCalendarEvent: false,
      message: { subject: "Soon", html: "<p>Soon</p>" },
    },
  ],
});

/** A team's routing form with one question and one response, for the routing-form walks. */
async function makeWalkRoutingForm(teamId: number, authorId: number) {
  const form = await db.routingForm.create({
    data: {
      teamId,
      userId: authorId,
      name: "Walk form",
      fields: [{ id: WALK_QUESTION, type: "text", label: "Company", identifier: "company", required: false, placeholder: "", options: [] }],
    },
  });
  const response = await db.routingFormResponse.create({ data: { formId: form.id, response: {} } });
  return { routingFormId: form.id, routingResponseId: response.id };
}
const WALK_QUESTION = "00000000-0000-4000-8000-000000000001";
const noSlots = { start: new Date(day(20)), end: new Date(day(21)), timeZone: "UTC", format: "time" as const };

/** The routing-form use cases of a team, by `/v2/teams/…` (no orgId) or the organization's paths (with it). */
const routingFormCases = (base: string, withOrg: boolean): Record<string, Case> => {
  const owner = (f: Fixture) => ({ kind: "team" as const, teamId: f.teamId, ...(withOrg ? { orgId: f.orgId } : {}) });
  const shared: Record<string, Case> = {
    [`GET ${base}/routing-forms`]: { permission: "routingForm.read", call: (a, f) => listRoutingForms(a, owner(f), page) },
    [`GET ${base}/routing-forms/{routingFormId}/responses`]: {
      permission: "routingForm.read",
      call: (a, f) => listRoutingFormResponses(a, owner(f), f.routingFormId, page),
    },
  };
  if (withOrg)
    return {
      ...shared,
      [`POST ${base}/routing-forms/{routingFormId}/responses`]: {
        permission: "routingForm.write",
        call: (a, f) => createRoutingFormResponse(a, owner(f), f.routingFormId, { company: "Acme" }, noSlots),
      },
      [`PATCH ${base}/routing-forms/{routingFormId}/responses/{responseId}`]: {
        permission: "routingForm.write",
        call: (a, f) => updateRoutingFormResponse(a, owner(f), f.routingFormId, f.routingResponseId, { company: "Acme" }),
      },
    };
  return {
    ...shared,
    [`POST ${base}/routing-forms`]: {
      permission: "routingForm.write",
      call: (a, f) => createRoutingForm(a, owner(f), { name: "Walk", description: null, disabled: false, fields: [], routes: [] }),
    },
    [`GET ${base}/routing-forms/{routingFormId}`]: { permission: "routingForm.read", call: (a, f) => getRoutingForm(a, owner(f), f.routingFormId) },
    [`PATCH ${base}/routing-forms/{routingFormId}`]: {
      permission: "routingForm.write",
      call: (a, f) => updateRoutingForm(a, owner(f), f.routingFormId, { name: "Renamed" }),
    },
    [`DELETE ${base}/routing-forms/{routingFormId}`]: { permission: "routingForm.write", call: (a, f) => deleteRoutingForm(a, owner(f), f.routingFormId) },
  };
};

/** The workflow use cases of a team, reached by `/v2/teams/…` (no orgId) or the organization's path (with it). */
const workflowCases = (base: string, withOrg: boolean): Record<string, Case> => {
  const owner = (f: Fixture) => ({ kind: "team" as const, teamId: f.teamId, ...(withOrg ? { orgId: f.orgId } : {}) });
  return {
    [`GET ${base}/workflows`]: { permission: "workflow.read", call: (a, f) => listWorkflows(a, owner(f), page) },
    [`POST ${base}/workflows`]: { permission: "workflow.write", call: (a, f) => createWorkflow(a, owner(f), newWorkflow) },
    [`GET ${base}/workflows/{workflowId}`]: { permission: "workflow.read", call: (a, f) => getWorkflow(a, owner(f), f.workflow.id) },
    [`PATCH ${base}/workflows/{workflowId}`]: { permission: "workflow.write", call: (a, f) => updateWorkflow(a, owner(f), f.workflow.id, { name: "Renamed" }) },
    [`DELETE ${base}/workflows/{workflowId}`]: { permission: "workflow.write", call: (a, f) => deleteWorkflow(a, owner(f), f.workflow.id) },
  };
};

/** The use case behind each team operation of the catalog, with the permission it must check. */
const OPERATIONS: Record<string, Case> = {
  [`GET ${TEAM}`]: { permission: "team.read", call: (a, f) => getTeam(a, f.teamId) },
  [`PATCH ${TEAM}`]: { permission: "team.update", call: (a, f) => updateTeam(a, f.teamId, { name: "Renamed" }) },
  [`DELETE ${TEAM}`]: { permission: "team.delete", call: (a, f) => deleteTeam(a, f.teamId) },
  [`GET ${TEAM}/memberships`]: { permission: "membership.read", call: (a, f) => listMemberships(a, f.teamId, page) },
  [`GET ${TEAM}/memberships/{membershipId}`]: { permission: "membership.read", call: (a, f) => getMembership(a, f.teamId, f.membership.id) },
  [`POST ${TEAM}/memberships`]: {
    permission: "membership.write",
    call: (a, f) => createMembership(a, f.teamId, { userId: f.joiner.id, role: "MEMBER" }),
  },
  [`PATCH ${TEAM}/memberships/{membershipId}`]: {
    permission: "membership.write",
    call: (a, f) => updateMembership(a, f.teamId, f.membership.id, { role: "ADMIN" }),
  },
  [`DELETE ${TEAM}/memberships/{membershipId}`]: { permission: "membership.write", call: (a, f) => deleteMembership(a, f.teamId, f.membership.id) },
  [`POST ${TEAM}/invite`]: {
    permission: "membership.write",
    call: (a, f) => inviteToTeam(a, f.teamId, { email: `invitee-${f.teamId}@example.test`, role: "MEMBER" }),
  },
  [`GET ${TEAM}/event-types`]: { permission: "eventType.read", call: (a, f) => listTeamEventTypes(a, f.teamId) },
  [`GET ${TEAM}/event-types/{eventTypeId}`]: { permission: "eventType.read", call: (a, f) => getTeamEventType(a, f.teamId, f.eventType.id) },
  [`POST ${TEAM}/event-types`]: {
    permission: "eventType.write",
    call: (a, f) => createTeamEventType(a, f.teamId, { title: "New", slug: `new-${f.teamId}`, lengthInMinutes: 30, schedulingType: "collective" }),
  },
  [`PATCH ${TEAM}/event-types/{eventTypeId}`]: {
    permission: "eventType.write",
    call: (a, f) => updateTeamEventType(a, f.teamId, f.eventType.id, { title: "Renamed" }),
  },
  [`DELETE ${TEAM}/event-types/{eventTypeId}`]: { permission: "eventType.write", call: (a, f) => deleteTeamEventType(a, f.teamId, f.eventType.id) },
  [`POST ${TEAM}/event-types/{eventTypeId}/create-phone-call`]: {
    permission: "eventType.write",
    // No provider configured: the allowed caller gets the 400 that says so, after the permission.
    call: (a, f) =>
      createPhoneCall(a, f.teamId, f.eventType.id, { yourPhoneNumber: "+14155550100", numberToCall: "+14155550101", calApiKey: "k", enabled: true }, null),
  },
  [`GET ${WEBHOOK}`]: { permission: "eventType.read", call: (a, f) => listWebhooks(a, f.owner) },
  [`POST ${WEBHOOK}`]: {
    permission: "eventType.write",
    call: (a, f) => createWebhook(a, f.owner, { subscriberUrl: "https://hooks.example.test/in", triggers: ["BOOKING_CREATED"], active: true }, publicDns),
  },
  [`DELETE ${WEBHOOK}`]: { permission: "eventType.write", call: (a, f) => deleteAllWebhooks(a, f.owner) },
  [`GET ${WEBHOOK}/{webhookId}`]: { permission: "eventType.read", call: (a, f) => getWebhook(a, f.owner, f.webhook.id) },
  [`PATCH ${WEBHOOK}/{webhookId}`]: { permission: "eventType.write", call: (a, f) => updateWebhook(a, f.owner, f.webhook.id, { active: false }, publicDns) },
  [`DELETE ${WEBHOOK}/{webhookId}`]: { permission: "eventType.write", call: (a, f) => deleteWebhook(a, f.owner, f.webhook.id) },
  [`GET ${WEBHOOK}/{webhookId}/deliveries`]: { permission: "eventType.read", call: (a, f) => listDeliveries(a, f.owner, f.webhook.id) },
  [`POST ${WEBHOOK}/{webhookId}/messages/{messageId}/redeliver`]: {
    permission: "eventType.write",
    call: (a, f) => redeliverMessage(a, f.owner, f.webhook.id, f.messageId, noNetwork),
  },
  [`POST ${WEBHOOK}/{webhookId}/test`]: { permission: "eventType.write", call: (a, f) => sendTestEvent(a, f.owner, f.webhook.id, noNetwork) },
  [`GET ${TEAM}/bookings`]: { permission: "booking.readAll", call: (a, f) => listTeamBookings(a, f.teamId, ZListBookingsQuery.parse({})) },
  [`GET ${TEAM}/schedules`]: { permission: "schedule.readMembers", call: (a, f) => listTeamSchedules(a, f.teamId, page) },
  [`GET ${TEAM}/users/{userId}/ooo`]: {
    permission: "ooo.readMembers",
    call: (a, f) => listTeamMemberOutOfOffice(a, f.teamId, f.world.users.member.id, page),
  },
  [`POST ${TEAM}/users/{userId}/ooo`]: {
    permission: "ooo.writeMembers",
    call: (a, f) => createTeamMemberOutOfOffice(a, f.teamId, f.world.users.member.id, { start: day(10), end: day(11) }),
  },
  [`PATCH ${TEAM}/users/{userId}/ooo/{oooId}`]: {
    permission: "ooo.writeMembers",
    call: (a, f) => updateTeamMemberOutOfOffice(a, f.teamId, f.world.users.member.id, f.ooo.id, { notes: "Away" }),
  },
  [`DELETE ${TEAM}/users/{userId}/ooo/{oooId}`]: {
    permission: "ooo.writeMembers",
    call: (a, f) => deleteTeamMemberOutOfOffice(a, f.teamId, f.world.users.member.id, f.ooo.id),
  },
  ...workflowCases(TEAM, false),
  ...routingFormCases(TEAM, false),
};

const OT = "/v2/organizations/{orgId}/teams/{teamId}";

/** The same use cases reached through the organization's routes (org-*.service.ts): the team must be one of its teams. */
const ORG_TEAM_OPERATIONS: Record<string, Case> = {
  [`GET ${OT}`]: { permission: "team.read", call: (a, f) => orgTeams.getOrganizationTeam(a, f.orgId, f.teamId) },
  [`GET ${OT}/memberships`]: { permission: "membership.read", call: (a, f) => orgTeams.listOrganizationTeamMemberships(a, f.orgId, f.teamId, page) },
  [`GET ${OT}/memberships/{membershipId}`]: {
    permission: "membership.read",
    call: (a, f) => orgTeams.getOrganizationTeamMembership(a, f.orgId, f.teamId, f.membership.id),
  },
  [`POST ${OT}/memberships`]: {
    permission: "membership.write",
    call: (a, f) => orgTeams.createOrganizationTeamMembership(a, f.orgId, f.teamId, { userId: f.joiner.id, role: "MEMBER" }),
  },
  [`PATCH ${OT}/memberships/{membershipId}`]: {
    permission: "membership.write",
    call: (a, f) => orgTeams.updateOrganizationTeamMembership(a, f.orgId, f.teamId, f.membership.id, { role: "ADMIN" }),
  },
  [`DELETE ${OT}/memberships/{membershipId}`]: {
    permission: "membership.write",
    call: (a, f) => orgTeams.deleteOrganizationTeamMembership(a, f.orgId, f.teamId, f.membership.id),
  },
  [`POST ${OT}/invite`]: {
    permission: "membership.write",
    call: (a, f) => orgTeams.inviteToOrganizationTeam(a, f.orgId, f.teamId, { email: `org-invitee-${f.teamId}@example.test`, role: "MEMBER" }),
  },
  [`GET ${OT}/event-types`]: { permission: "eventType.read", call: (a, f) => orgEventTypes.listOrganizationTeamEventTypes(a, f.orgId, f.teamId, {}) },
  [`GET ${OT}/event-types/{eventTypeId}`]: {
    permission: "eventType.read",
    call: (a, f) => orgEventTypes.getOrganizationTeamEventType(a, f.orgId, f.teamId, f.eventType.id),
  },
  [`POST ${OT}/event-types`]: {
    permission: "eventType.write",
    call: (a, f) =>
      orgEventTypes.createOrganizationTeamEventType(a, f.orgId, f.teamId, {
        title: "New",
        slug: `org-new-${f.teamId}`,
        lengthInMinutes: 30,
        schedulingType: "collective",
      }),
  },
  [`PATCH ${OT}/event-types/{eventTypeId}`]: {
    permission: "eventType.write",
    call: (a, f) => orgEventTypes.updateOrganizationTeamEventType(a, f.orgId, f.teamId, f.eventType.id, { title: "Renamed" }),
  },
  [`DELETE ${OT}/event-types/{eventTypeId}`]: {
    permission: "eventType.write",
    call: (a, f) => orgEventTypes.deleteOrganizationTeamEventType(a, f.orgId, f.teamId, f.eventType.id),
  },
  [`POST ${OT}/event-types/{eventTypeId}/create-phone-call`]: {
    permission: "eventType.write",
    call: (a, f) =>
      orgEventTypes.createOrganizationTeamPhoneCall(a, f.orgId, f.teamId, f.eventType.id, {
        yourPhoneNumber: "+14155550100",
        numberToCall: "+14155550101",
        calApiKey: "k",
        enabled: true,
      }),
  },
  [`GET ${OT}/event-types/{eventTypeId}/private-links`]: {
    permission: "eventType.read",
    call: (a, f) => orgEventTypes.listOrganizationTeamPrivateLinks(a, f.orgId, f.teamId, f.eventType.id),
  },
  [`POST ${OT}/event-types/{eventTypeId}/private-links`]: {
    permission: "eventType.write",
    call: (a, f) => orgEventTypes.createOrganizationTeamPrivateLink(a, f.orgId, f.teamId, f.eventType.id, { maxUsageCount: 2 }),
  },
  [`PATCH ${OT}/event-types/{eventTypeId}/private-links/{linkId}`]: {
    permission: "eventType.write",
    call: (a, f) => orgEventTypes.updateOrganizationTeamPrivateLink(a, f.orgId, f.teamId, f.eventType.id, f.link.hash, { maxUsageCount: 3 }),
  },
  [`DELETE ${OT}/event-types/{eventTypeId}/private-links/{linkId}`]: {
    permission: "eventType.write",
    call: (a, f) => orgEventTypes.deleteOrganizationTeamPrivateLink(a, f.orgId, f.teamId, f.eventType.id, f.link.hash),
  },
  [`GET ${OT}/bookings`]: {
    permission: "booking.readAll",
    call: (a, f) => orgBookings.listOrganizationTeamBookings(a, f.orgId, f.teamId, ZListBookingsQuery.parse({})),
  },
  [`GET ${OT}/bookings/{bookingUid}/references`]: {
    permission: "booking.readAll",
    call: (a, f) => orgBookings.listOrganizationTeamBookingReferences(a, f.orgId, f.teamId, f.booking.uid),
  },
  [`GET ${OT}/schedules`]: { permission: "schedule.readMembers", call: (a, f) => orgSchedules.listOrganizationTeamSchedules(a, f.orgId, f.teamId, page) },
  [`GET ${OT}/users/{userId}/schedules`]: {
    permission: "schedule.readMembers",
    call: (a, f) => orgSchedules.listOrganizationTeamUserSchedules(a, f.orgId, f.teamId, f.world.users.member.id),
  },
  ...workflowCases(OT, true),
  ...routingFormCases(OT, true),
};

/** Use cases on a team that no /v2 route serves (the site's, through tRPC). */
const SITE_ONLY: Record<string, Case> = {
  listPendingInvitations: { permission: "membership.write", call: (a, f) => listPendingInvitations(a, f.teamId) },
  revokeInvitation: { permission: "membership.write", call: (a, f) => revokeInvitation(a, f.teamId, f.invitation.id) },
};

const WHO: Record<TeamRole, keyof Fixture["world"]["users"]> = { OWNER: "owner", ADMIN: "admin", MEMBER: "member" };
const actorOf = (f: Fixture, who: keyof Fixture["world"]["users"]) => sessionActor(f.world.users[who].id);

/** Resolves to the AppError the call was refused with, or null when it got past the team's check. */
async function refusal(call: Promise<unknown>): Promise<AppError | null> {
  const outcome = await call.then(
    () => null,
    (error: unknown) => error,
  );
  if (outcome === null) return null;
  if (!(outcome instanceof AppError)) throw outcome;
  return outcome;
}

const teamRefusal = (error: AppError | null) =>
  error && ((error.code === "NOT_FOUND" && error.message === "Team not found") || error.code === "FORBIDDEN") ? `${error.code}: ${error.message}` : null;

describe("every team use case checks its permission itself", () => {
  it("has a case for every team operation of the catalog, naming the permission its route declares", () => {
    const declared = Object.fromEntries(
      ROUTE_CATALOG.filter((route) => teamAccessOf(route.access)).map((route) => [`${route.method} ${route.path}`, teamAccessOf(route.access)!.permission]),
    );
    const walked = Object.fromEntries(Object.entries({ ...OPERATIONS, ...ORG_TEAM_OPERATIONS }).map(([operation, { permission }]) => [operation, permission]));
    expect(walked).toEqual(declared);
  });

  it.each(Object.entries({ ...OPERATIONS, ...ORG_TEAM_OPERATIONS, ...SITE_ONLY }))(
    "%s: outsider 404, roles without the permission 403, the first role with it passes",
    async (_, { permission, call }) => {
      const f = await makeFixture();
      const outsider = await refusal(call(actorOf(f, "outsider"), f));
      expect(outsider?.code, "outsider").toBe("NOT_FOUND");
      expect(outsider?.message, "outsider").toBe("Team not found");

      const holders = rolesWith(permission);
      for (const role of TEAM_ROLES.filter((held) => !holders.includes(held))) {
        const error = await refusal(call(actorOf(f, WHO[role]), f));
        expect(error?.code, `${role} lacks ${permission}`).toBe("FORBIDDEN");
      }
      // The weakest role holding it: denied calls above changed nothing, so this one finds everything in place.
      const weakest = [...TEAM_ROLES].reverse().find((role) => holders.includes(role))!;
      expect(teamRefusal(await refusal(call(actorOf(f, WHO[weakest]), f))), `${weakest} holds ${permission}`).toBeNull();
    },
  );

  it("an organization's admin acts on its teams, and its plain member does not", async () => {
    const f = await makeFixture();
    expect(teamRefusal(await refusal(updateTeam(actorOf(f, "orgAdmin"), f.teamId, { name: "By the org" })))).toBeNull();
    expect((await refusal(updateTeam(actorOf(f, "orgMember"), f.teamId, { name: "No" })))?.code).toBe("NOT_FOUND");
    expect((await refusal(deleteTeam(actorOf(f, "orgAdmin"), f.teamId)))?.code).toBe("FORBIDDEN");
    await addMember(f.teamId, f.joiner.id, "MEMBER", false);
    // An invited (not accepted) member is a non-member.
    expect((await rejectionOf(getTeam(sessionActor(f.joiner.id), f.teamId))) as AppError).toMatchObject({ code: "NOT_FOUND" });
  });
});

/**
 * The same walk for every organization use case: an outsider (and an admin of another organization) gets 404
 * "Organization not found", an organization member whose role lacks the permission 403, the weakest role holding it
 * gets through. Keyed by the /v2 operation; every route declaring `access.org` without a team must have a case.
 */
async function makeOrgFixture() {
  const world = await makeTenancyWorld();
  const orgId = world.org.id;
  const memberMembership = await db.membership.findFirstOrThrow({ where: { teamId: orgId, userId: world.users.orgMember.id } });
  const created = await makeUser();
  await db.user.update({ where: { id: created.id }, data: { createdInOrganizationId: orgId } });
  await addMember(orgId, created.id, "MEMBER");
  const joiner = await makeUser();
  const other = await makeTenancyWorld();
  // The created member's schedules (two: the default can then be deleted with its successor named), an entry, and an
  // organization webhook with a message.
  const [schedule, nextSchedule] = await Promise.all(
    ["Walk hours", "Walk nights"].map((name) => db.schedule.create({ data: { userId: created.id, name, timeZone: "UTC" } })),
  );
  await db.user.update({ where: { id: created.id }, data: { defaultScheduleId: schedule!.id } });
  const ooo = await db.outOfOffice.create({ data: { userId: created.id, start: day(1), end: day(2) } });
  const hook = await db.webhook.create({
    data: { teamId: orgId, subscriberUrl: "https://127.0.0.1/org-hook", triggers: ["BOOKING_CREATED"], secretEncrypted: "" },
  });
  const webhook = await db.webhook.update({ where: { id: hook.id }, data: { secretEncrypted: sealWebhookSecret(hook.id, "walk-secret-0123456789") } });
  const messageId = await createTestMessage(webhook.id);
  const hookOwner: WebhookOwner = { kind: "organization", orgId };
  const routingForm = await makeWalkRoutingForm(world.team.id, world.users.owner.id);
  return {
    ...routingForm,
    world,
    orgId,
    memberMembership,
    created,
    joiner,
    otherOrgAdmin: other.users.orgAdmin,
    schedule: schedule!,
    nextSchedule: nextSchedule!,
    ooo,
    webhook,
    messageId,
    hookOwner,
  };
}
type OrgFixture = Awaited<ReturnType<typeof makeOrgFixture>>;
type OrgCase = { permission: Permission; call: (actor: Actor, f: OrgFixture) => Promise<unknown> };

const ORG = "/v2/organizations/{orgId}";

const ORG_OPERATIONS: Record<string, OrgCase> = {
  [`GET ${ORG}/memberships`]: { permission: "org.memberships.read", call: (a, f) => listOrgMemberships(a, f.orgId, page) },
  [`GET ${ORG}/memberships/{membershipId}`]: { permission: "org.memberships.read", call: (a, f) => getOrgMembership(a, f.orgId, f.memberMembership.id) },
  [`POST ${ORG}/memberships`]: { permission: "org.memberships.write", call: (a, f) => createOrgMembership(a, f.orgId, { userId: f.joiner.id }) },
  [`PATCH ${ORG}/memberships/{membershipId}`]: {
    permission: "org.memberships.write",
    call: (a, f) => updateOrgMembership(a, f.orgId, f.memberMembership.id, { role: "ADMIN" }),
  },
  [`DELETE ${ORG}/memberships/{membershipId}`]: { permission: "org.memberships.write", call: (a, f) => deleteOrgMembership(a, f.orgId, f.memberMembership.id) },
  [`GET ${ORG}/users`]: { permission: "org.users.read", call: (a, f) => listOrgUsers(a, f.orgId, { take: 10, skip: 0 }) },
  [`POST ${ORG}/users`]: { permission: "org.users.write", call: (a, f) => createOrgUser(a, f.orgId, { email: `walk-created-${f.orgId}@example.test` }) },
  [`PATCH ${ORG}/users/{userId}`]: { permission: "org.users.write", call: (a, f) => updateOrgUser(a, f.orgId, f.created.id, { name: "Renamed" }) },
  [`DELETE ${ORG}/users/{userId}`]: { permission: "org.users.write", call: (a, f) => deleteOrgUser(a, f.orgId, f.created.id) },
};

const ORG_HOOK = `${ORG}/webhooks/{webhookId}`;

/** The organization-level routes of the organization's teams, bookings, event types, schedules, out of office and webhooks. */
const ORG_RESOURCE_OPERATIONS: Record<string, OrgCase> = {
  [`GET ${ORG}/teams`]: { permission: "org.teams.read", call: (a, f) => orgTeams.listOrganizationTeams(a, f.orgId, page) },
  [`GET ${ORG}/teams/me`]: { permission: "org.read", call: (a, f) => orgTeams.listMyOrganizationTeams(a, f.orgId, page) },
  [`POST ${ORG}/teams`]: { permission: "org.teams.write", call: (a, f) => orgTeams.createOrganizationTeam(a, f.orgId, { name: "Walk team" }) },
  [`PATCH ${ORG}/teams/{teamId}`]: {
    permission: "org.teams.write",
    call: (a, f) => orgTeams.updateOrganizationTeam(a, f.orgId, f.world.team.id, { name: "Renamed by the organization" }),
  },
  [`DELETE ${ORG}/teams/{teamId}`]: { permission: "org.teams.write", call: (a, f) => orgTeams.deleteOrganizationTeam(a, f.orgId, f.world.team.id) },
  [`GET ${ORG}/teams/event-types`]: { permission: "org.eventTypes.read", call: (a, f) => orgEventTypes.listOrganizationEventTypes(a, f.orgId, page) },
  [`GET ${ORG}/bookings`]: { permission: "org.bookings.read", call: (a, f) => orgBookings.listOrganizationBookings(a, f.orgId, ZListBookingsQuery.parse({})) },
  [`GET ${ORG}/schedules`]: { permission: "org.schedules.read", call: (a, f) => orgSchedules.listOrganizationSchedules(a, f.orgId, page) },
  [`GET ${ORG}/users/{userId}/schedules`]: {
    permission: "org.schedules.read",
    call: (a, f) => orgSchedules.listOrganizationUserSchedules(a, f.orgId, f.created.id, page),
  },
  [`GET ${ORG}/users/{userId}/schedules/{scheduleId}`]: {
    permission: "org.schedules.read",
    call: (a, f) => orgSchedules.getOrganizationUserSchedule(a, f.orgId, f.created.id, f.schedule.id),
  },
  [`POST ${ORG}/users/{userId}/schedules`]: {
    permission: "org.schedules.write",
    call: (a, f) => orgSchedules.createOrganizationUserSchedule(a, f.orgId, f.created.id, { name: "Walk", timeZone: "UTC" }),
  },
  [`PATCH ${ORG}/users/{userId}/schedules/{scheduleId}`]: {
    permission: "org.schedules.write",
    call: (a, f) => orgSchedules.updateOrganizationUserSchedule(a, f.orgId, f.created.id, f.schedule.id, { name: "Renamed" }),
  },
  [`DELETE ${ORG}/users/{userId}/schedules/{scheduleId}`]: {
    permission: "org.schedules.write",
    call: (a, f) => orgSchedules.deleteOrganizationUserSchedule(a, f.orgId, f.created.id, f.schedule.id, { newDefaultScheduleId: f.nextSchedule.id }),
  },
  [`GET ${ORG}/ooo`]: { permission: "org.ooo.read", call: (a, f) => orgOoo.listOrganizationOutOfOffice(a, f.orgId, page) },
  [`GET ${ORG}/users/{userId}/ooo`]: { permission: "org.ooo.read", call: (a, f) => orgOoo.listOrganizationUserOutOfOffice(a, f.orgId, f.created.id, page) },
  [`POST ${ORG}/users/{userId}/ooo`]: {
    permission: "org.ooo.write",
    call: (a, f) => orgOoo.createOrganizationUserOutOfOffice(a, f.orgId, f.created.id, { start: day(10), end: day(11) }),
  },
  [`PATCH ${ORG}/users/{userId}/ooo/{oooId}`]: {
    permission: "org.ooo.write",
    call: (a, f) => orgOoo.updateOrganizationUserOutOfOffice(a, f.orgId, f.created.id, f.ooo.id, { notes: "Away" }),
  },
  [`DELETE ${ORG}/users/{userId}/ooo/{oooId}`]: {
    permission: "org.ooo.write",
    call: (a, f) => orgOoo.deleteOrganizationUserOutOfOffice(a, f.orgId, f.created.id, f.ooo.id),
  },
  [`GET ${ORG}/webhooks`]: { permission: "org.webhooks.read", call: (a, f) => listWebhooks(a, f.hookOwner) },
  [`POST ${ORG}/webhooks`]: {
    permission: "org.webhooks.write",
    call: (a, f) => createWebhook(a, f.hookOwner, { subscriberUrl: "https://hooks.example.test/org", triggers: ["BOOKING_CREATED"], active: true }, publicDns),
  },
  [`GET ${ORG_HOOK}`]: { permission: "org.webhooks.read", call: (a, f) => getWebhook(a, f.hookOwner, f.webhook.id) },
  [`PATCH ${ORG_HOOK}`]: { permission: "org.webhooks.write", call: (a, f) => updateWebhook(a, f.hookOwner, f.webhook.id, { active: false }, publicDns) },
  [`DELETE ${ORG_HOOK}`]: { permission: "org.webhooks.write", call: (a, f) => deleteWebhook(a, f.hookOwner, f.webhook.id) },
  [`GET ${ORG_HOOK}/deliveries`]: { permission: "org.webhooks.read", call: (a, f) => listDeliveries(a, f.hookOwner, f.webhook.id) },
  [`POST ${ORG_HOOK}/messages/{messageId}/redeliver`]: {
    permission: "org.webhooks.write",
    call: (a, f) => redeliverMessage(a, f.hookOwner, f.webhook.id, f.messageId, noNetwork),
  },
  [`POST ${ORG_HOOK}/test`]: { permission: "org.webhooks.write", call: (a, f) => sendTestEvent(a, f.hookOwner, f.webhook.id, noNetwork) },
  [`GET ${ORG}/routing-forms`]: { permission: "org.routingForms.read", call: (a, f) => listRoutingForms(a, { kind: "org", orgId: f.orgId }, page) },
  [`GET ${ORG}/routing-forms/{routingFormId}/responses`]: {
    permission: "org.routingForms.read",
    call: (a, f) => listRoutingFormResponses(a, { kind: "org", orgId: f.orgId }, f.routingFormId, page),
  },
  [`POST ${ORG}/routing-forms/{routingFormId}/responses`]: {
    permission: "org.routingForms.write",
    call: (a, f) => createRoutingFormResponse(a, { kind: "org", orgId: f.orgId }, f.routingFormId, { company: "Acme" }, noSlots),
  },
  [`PATCH ${ORG}/routing-forms/{routingFormId}/responses/{responseId}`]: {
    permission: "org.routingForms.write",
    call: (a, f) => updateRoutingFormResponse(a, { kind: "org", orgId: f.orgId }, f.routingFormId, f.routingResponseId, { company: "Acme" }),
  },
};

/** Organization use cases the site calls (tRPC) that no /v2 route serves. */
const ORG_SITE_ONLY: Record<string, OrgCase> = {
  getOrganization: { permission: "org.read", call: (a, f) => getOrganization(a, f.orgId) },
  updateOrganization: { permission: "org.update", call: (a, f) => updateOrganization(a, f.orgId, { name: "Renamed org" }) },
  deleteOrganization: { permission: "org.delete", call: (a, f) => deleteOrganization(a, f.orgId) },
  getOrgUser: { permission: "org.users.read", call: (a, f) => getOrgUser(a, f.orgId, f.created.id) },
  listOrganizationTeams: { permission: "org.read", call: (a, f) => listOrganizationTeams(a, f.orgId) },
  createOrganizationTeam: { permission: "org.teams.write", call: (a, f) => createOrganizationTeam(a, f.orgId, { name: "Walked in" }) },
  // The organization's check comes first; the team's own (team.update) is the team walk's business.
  moveTeamIntoOrganization: { permission: "org.teams.write", call: (a, f) => moveTeamIntoOrganization(a, f.orgId, f.world.otherTeam.id) },
};

const ORG_WHO: Record<TeamRole, "orgOwner" | "orgAdmin" | "orgMember"> = { OWNER: "orgOwner", ADMIN: "orgAdmin", MEMBER: "orgMember" };

const orgRefusal = (error: AppError | null) =>
  error && ((error.code === "NOT_FOUND" && error.message === "Organization not found") || error.code === "FORBIDDEN")
    ? `${error.code}: ${error.message}`
    : null;

describe("every organization use case checks its permission itself", () => {
  it("has a case for every organization operation of the catalog (without a team), naming the permission its route declares", () => {
    const declared = Object.fromEntries(
      ROUTE_CATALOG.filter((route) => orgAccessOf(route.access) && !teamAccessOf(route.access)).map((route) => [
        `${route.method} ${route.path}`,
        orgAccessOf(route.access)!.permission,
      ]),
    );
    const walked = Object.fromEntries(
      Object.entries({ ...ORG_OPERATIONS, ...ORG_RESOURCE_OPERATIONS }).map(([operation, { permission }]) => [operation, permission]),
    );
    expect(walked).toEqual(declared);
  });

  it.each(Object.entries({ ...ORG_OPERATIONS, ...ORG_RESOURCE_OPERATIONS, ...ORG_SITE_ONLY }))(
    "%s: outsider and another organization's admin 404, roles without the permission 403, the first role with it passes",
    async (_, { permission, call }) => {
      const f = await makeOrgFixture();
      for (const actor of [sessionActor(f.world.users.outsider.id), sessionActor(f.otherOrgAdmin.id), sessionActor(f.world.users.admin.id)]) {
        const error = await refusal(call(actor, f));
        expect(error?.code, "not in the organization").toBe("NOT_FOUND");
        expect(error?.message).toBe("Organization not found");
      }
      const holders = rolesWith(permission);
      for (const role of TEAM_ROLES.filter((held) => !holders.includes(held))) {
        const error = await refusal(call(sessionActor(f.world.users[ORG_WHO[role]].id), f));
        expect(error?.code, `${role} lacks ${permission}`).toBe("FORBIDDEN");
      }
      const weakest = [...TEAM_ROLES].reverse().find((role) => holders.includes(role))!;
      expect(orgRefusal(await refusal(call(sessionActor(f.world.users[ORG_WHO[weakest]].id), f))), `${weakest} holds ${permission}`).toBeNull();
    },
  );
});
