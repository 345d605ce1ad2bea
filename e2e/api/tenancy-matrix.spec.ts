/**
 * Generated from the route declarations: every /v2 route in ROUTE_CATALOG that declares `access.team` is called
 * as a non-member (404 "Team not found"), as each member whose role the declaration leaves out (403 naming the
 * roles), and as a member holding the strongest allowed role, then as an organization admin (neither 403 nor
 * 404). A team route added later is covered here without writing anything, once its path parameters have a
 * fixture below.
 *
 * The organization's routes of one of its teams (`/v2/organizations/{orgId}/teams/{teamId}/…`) are team routes too,
 * and an admin of another organization naming its own organization with this team is refused as a stranger (404).
 * Organization-level routes (`access.org` without a team) are walked below the same way, by organization role.
 *
 * Then the same routes, called by the team's admins, about users who never accepted a membership (issue 19): one the
 * team's owner added through the API (an invitation by id), and the world's `invited`, whose unaccepted membership row
 * predates consent. A route naming such a user is a 404, a list shows nothing of theirs, a host list naming them a 400.
 */
import { randomBytes } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { makeApiKey, makeUser } from "../../prisma/factories";
import { addMember, makeTenancyWorld } from "../../prisma/team-factories";
import { db, disconnectDb } from "../../server/db/client";
import { ROUTE_CATALOG } from "../../server/http/route-catalog";
import { orgAccessOf, teamAccessOf } from "../../server/http/route-definition";
import { TEAM_ROLES, type TeamRole } from "../../server/auth/permissions";
import { expect, test } from "../support/fixtures";

test.afterAll(() => disconnectDb());

type World = Awaited<ReturnType<typeof makeTenancyWorld>>;

const WORKFLOW_BODY = {
  name: "Matrix reminder",
  activation: { isActiveOnAllEventTypes: true },
  trigger: { type: "beforeEvent", offset: { value: 1, unit: "hour" } },
  steps: [
    {
      action: "email_host",
      stepNumber: 1,
      recipient: "const",
      template: "reminder",
      sender: "Convene",
      includeCalendarEvent: false,
      message: { subject: "Soon", html: "<p>Soon</p>" },
    },
  ],
};
/** A form with one free-text question, made for a team or an organization (an organization's own forms are its team row's). */
const ROUTING_QUESTION_ID = "0b0f8c1e-5a55-4c5e-9a57-6d1f3e2a7b10";
async function makeRoutingForm(teamId: number, userId: number) {
  const fields = [{ id: ROUTING_QUESTION_ID, type: "text", label: "Company", identifier: "company", required: false, placeholder: "", options: [] }];
  return (await db.routingForm.create({ data: { name: "Matrix form", teamId, userId, fields } })).id;
}
async function makeRoutingResponse(formId: string) {
  const response = { [ROUTING_QUESTION_ID]: { label: "Company", value: "Acme" } };
  return (await db.routingFormResponse.create({ data: { formId, response } })).id;
}
const ROUTING_ANSWERS = { company: "Globex" };
/** The query an operation requires (a submission answers with the routed event type's slots in a range). */
const SLOT_RANGE = "?start=2031-04-01&end=2031-04-02";
const queryOf = (operation: string) => (/^POST .*\/routing-forms\/\{routingFormId\}\/responses$/.test(operation) ? SLOT_RANGE : "");

const WEBHOOK_BODY = { subscriberUrl: "http://127.0.0.1:9/matrix", triggers: ["BOOKING_CREATED"], active: true };

/** Values for path parameters other than the team's: a row of the world's team (given the parameters before it in the path). */
const PARAMS: Record<string, (world: World, before: Record<string, number | string>) => Promise<number | string>> = {
  // The organization of the world's team (org-team routes: /v2/organizations/{orgId}/teams/{teamId}/…).
  orgId: async (world) => world.org.id,
  membershipId: async (world) => {
    const { db } = await import("../../server/db/client");
    const membership = await db.membership.findUniqueOrThrow({ where: { teamId_userId: { teamId: world.team.id, userId: world.users.member.id } } });
    return membership.id;
  },
  eventTypeId: async (world) => {
    const { db } = await import("../../server/db/client");
    const hosts = { create: [{ userId: world.users.member.id, isFixed: true }] };
    const eventType = await db.eventType.create({
      data: { teamId: world.team.id, title: "Matrix", slug: "matrix", lengthInMinutes: 30, schedulingType: "COLLECTIVE", hosts },
    });
    return eventType.id;
  },
  userId: async (world) => world.users.member.id,
  linkId: async (_world, before) => {
    const { db } = await import("../../server/db/client");
    return (
      await db.privateLink.create({
        data: { eventTypeId: Number(before.eventTypeId), hash: `matrix-${randomBytes(9).toString("base64url")}`, maxUsageCount: 1 },
      })
    ).hash;
  },
  bookingUid: async (world) => {
    const { db } = await import("../../server/db/client");
    const eventType = await db.eventType.create({
      data: { teamId: world.team.id, title: "Booked", slug: `booked-${randomBytes(4).toString("hex")}`, lengthInMinutes: 30 },
    });
    const start = new Date(Date.UTC(2031, 3, 1, 9));
    const data = {
      uid: `matrix-${randomBytes(8).toString("hex")}`,
      eventTypeId: eventType.id,
      title: "Booked",
      start,
      end: new Date(start.getTime() + 1_800_000),
    };
    return (await db.booking.create({ data: { ...data, status: "ACCEPTED" } })).uid;
  },
  oooId: async (world) => {
    const { db } = await import("../../server/db/client");
    const entry = await db.outOfOffice.create({
      data: { userId: world.users.member.id, start: new Date(Date.UTC(2031, 0, 1)), end: new Date(Date.UTC(2031, 0, 2)) },
    });
    return entry.id;
  },
  // Made through the API, so its secret is sealed with the server's key: the allowed caller's test event signs with it.
  webhookId: async (world, before) => {
    const url = `${process.env.E2E_BASE_URL}/v2/teams/${world.team.id}/event-types/${before.eventTypeId}/webhooks`;
    const headers = { authorization: `Bearer ${await makeApiKey(world.users.owner.id)}`, "content-type": "application/json" };
    const created = await fetch(url, { method: "POST", headers, body: JSON.stringify(WEBHOOK_BODY) });
    expect(created.status, await created.clone().text()).toBe(201);
    return ((await created.json()) as { data: { id: number } }).data.id;
  },
  workflowId: async (world) => {
    const { db } = await import("../../server/db/client");
    const steps = { create: [{ stepNumber: 1, action: "email_host", subject: "Matrix", body: "<p>Matrix</p>" }] };
    return (await db.workflow.create({ data: { teamId: world.team.id, name: "Matrix", trigger: "newEvent", steps } })).id;
  },
  routingFormId: async (world) => makeRoutingForm(world.team.id, world.users.owner.id),
  responseId: async (_world, before) => makeRoutingResponse(String(before.routingFormId)),
  messageId: async (_world, before) => {
    const { db } = await import("../../server/db/client");
    const { newMessageId } = await import("../../server/webhooks/webhook-messages");
    const data = { id: newMessageId(), webhookId: Number(before.webhookId), trigger: "BOOKING_CREATED", payload: { triggerEvent: "BOOKING_CREATED" } };
    return (await db.webhookMessage.create({ data })).id;
  },
};

/** A valid body per operation, so the allowed caller's answer shows the route working, not only passing the door. */
const BODIES: Record<string, (world: World) => Promise<unknown>> = {
  "PATCH /v2/teams/{teamId}": async () => ({ bio: "Updated by the tenancy matrix" }),
  "POST /v2/teams/{teamId}/memberships": async () => ({ userId: (await makeUser()).id }),
  "PATCH /v2/teams/{teamId}/memberships/{membershipId}": async () => ({ role: "ADMIN" }),
  // A new address per call: the same one twice would be a pending-invitation 409.
  "POST /v2/teams/{teamId}/invite": async () => ({ email: `tenancy-${randomBytes(6).toString("hex")}@example.test` }),
  "POST /v2/teams/{teamId}/event-types": async (world) => ({
    title: "Matrix call",
    slug: "matrix-call",
    lengthInMinutes: 30,
    schedulingType: "roundRobin",
    hosts: [{ userId: world.users.member.id }],
  }),
  "PATCH /v2/teams/{teamId}/event-types/{eventTypeId}": async () => ({ title: "Renamed by the tenancy matrix" }),
  "POST /v2/teams/{teamId}/event-types/{eventTypeId}/webhooks": async () => WEBHOOK_BODY,
  "PATCH /v2/teams/{teamId}/event-types/{eventTypeId}/webhooks/{webhookId}": async () => ({ active: false }),
  "POST /v2/teams/{teamId}/event-types/{eventTypeId}/create-phone-call": async () => ({
    yourPhoneNumber: "+14155550100",
    numberToCall: "+14155550111",
    calApiKey: "cal_test_matrix",
    enabled: true,
    templateType: "CUSTOM_TEMPLATE",
  }),
  "POST /v2/teams/{teamId}/users/{userId}/ooo": async () => ({ start: "2031-02-01T00:00:00Z", end: "2031-02-03T00:00:00Z" }),
  "PATCH /v2/teams/{teamId}/users/{userId}/ooo/{oooId}": async () => ({ notes: "Changed by the tenancy matrix" }),
  "PATCH /v2/organizations/{orgId}/teams/{teamId}/event-types/{eventTypeId}/private-links/{linkId}": async () => ({ maxUsageCount: 3 }),
  "POST /v2/teams/{teamId}/workflows": async () => WORKFLOW_BODY,
  "PATCH /v2/teams/{teamId}/workflows/{workflowId}": async () => ({ name: "Renamed by the tenancy matrix" }),
  "POST /v2/teams/{teamId}/routing-forms": async () => ({ name: "Matrix form" }),
  "PATCH /v2/teams/{teamId}/routing-forms/{routingFormId}": async () => ({ name: "Renamed by the tenancy matrix" }),
  "POST /v2/teams/{teamId}/routing-forms/{routingFormId}/responses": async () => ROUTING_ANSWERS,
  "PATCH /v2/teams/{teamId}/routing-forms/{routingFormId}/responses/{responseId}": async () => ({ response: ROUTING_ANSWERS }),
};

const ORG_TEAM = "/v2/organizations/{orgId}/teams/{teamId}";
/** An organization team operation's /v2/teams twin, whose body it takes: `POST ${ORG_TEAM}/invite` → `POST /v2/teams/{teamId}/invite`. */
const teamTwin = (operation: string) => operation.replace(ORG_TEAM, "/v2/teams/{teamId}");

/** The body of an operation: its own, or its team twin's; an organization's team admits members of the organization. */
async function bodyOf(operation: string, world: World): Promise<unknown> {
  if (operation === `POST ${ORG_TEAM}/memberships`) {
    const joiner = await makeUser();
    await addMember(world.org.id, joiner.id, "MEMBER");
    return { userId: joiner.id };
  }
  return (BODIES[operation] ?? BODIES[teamTwin(operation)])?.(world);
}

const WHO_HOLDS: Record<TeamRole, "owner" | "admin" | "member"> = { OWNER: "owner", ADMIN: "admin", MEMBER: "member" };

const teamRoutes = ROUTE_CATALOG.filter((route) => teamAccessOf(route.access));

test("the catalog has team routes to walk", () => {
  expect(teamRoutes.length).toBeGreaterThan(0);
});

for (const route of teamRoutes) {
  const team = teamAccessOf(route.access)!;
  const operation = `${route.method} ${route.path}`;

  test(`${operation}: non-member 404, ${TEAM_ROLES.filter((role) => !team.roles.includes(role)).join("/") || "no role"} 403, ${team.roles.join("/")} allowed`, async ({
    request,
  }) => {
    const world = await makeTenancyWorld();
    const keys = Object.fromEntries(await Promise.all(Object.entries(world.users).map(async ([who, user]) => [who, await makeApiKey(user.id)] as const)));
    let url = route.path.replace(`{${team.param}}`, String(world.team.id));
    const resolved: Record<string, number | string> = {};
    for (const [, name] of route.path.matchAll(/\{(\w+)\}/g)) {
      if (name === team.param) continue;
      const fixture = PARAMS[name!];
      expect(fixture, `${operation}: add a fixture for the path parameter ${name} to PARAMS`).toBeDefined();
      resolved[name!] = await fixture!(world, resolved);
      url = url.replace(`{${name}}`, String(resolved[name!]));
    }
    const call = async (request: APIRequestContext, who: keyof World["users"]) =>
      request.fetch(`${url}${queryOf(operation)}`, {
        method: route.method,
        headers: { authorization: `Bearer ${keys[who]}` },
        data: ["GET", "DELETE"].includes(route.method) ? undefined : ((await bodyOf(operation, world)) ?? {}),
      });

    for (const who of ["outsider", "invited", "orgMember"] as const) {
      const response = await call(request, who);
      expect(response.status(), `${who}: ${await response.text()}`).toBe(404);
      expect((await response.json()).error.message).toBe("Team not found");
    }
    for (const role of TEAM_ROLES.filter((held) => !team.roles.includes(held))) {
      const response = await call(request, WHO_HOLDS[role]);
      expect(response.status(), `${role}: ${await response.text()}`).toBe(403);
      expect((await response.json()).error.message).toContain(team.roles.join(team.roles.length > 2 ? ", " : " or "));
    }
    // The strongest allowed role last but one, the organization's admin (or owner) last: both may be destructive.
    const strongest = WHO_HOLDS[team.roles[0]!];
    const allowed = await call(request, team.roles.includes("ADMIN") ? "admin" : strongest);
    expect([403, 404], `${operation} as ${team.roles[0]}: ${await allowed.text()}`).not.toContain(allowed.status());
    expect(allowed.status(), await allowed.text()).toBeLessThan(300);
    if (route.method === "GET") {
      const viaOrg = await call(request, team.roles.includes("ADMIN") ? "orgAdmin" : "orgOwner");
      expect(viaOrg.status(), await viaOrg.text()).toBe(200);
    }
    if (team.org) {
      // Another organization's owner, naming this team under their own organization or under this one: a stranger.
      const other = await makeTenancyWorld();
      const headers = { authorization: `Bearer ${await makeApiKey(other.users.orgOwner.id)}` };
      for (const orgId of [other.org.id, world.org.id]) {
        const response = await request.fetch(url.replace(`/v2/organizations/${world.org.id}/`, `/v2/organizations/${orgId}/`) + queryOf(operation), {
          method: route.method,
          headers,
          data: ["GET", "DELETE"].includes(route.method) ? undefined : ((await bodyOf(operation, world)) ?? {}),
        });
        expect(response.status(), `organization ${orgId}: ${await response.text()}`).toBe(404);
        expect((await response.json()).error.message).toBe("Team not found");
      }
    }
  });
}

/** What a user who did not accept keeps to themself: their profile, a schedule, an out-of-office entry (its note). */
async function withPrivateData(user: { id: number; email: string; name: string }) {
  const tag = randomBytes(4).toString("hex");
  const schedule = await db.schedule.create({ data: { userId: user.id, name: `Private hours ${tag}`, timeZone: "UTC" } });
  const away = { start: new Date(Date.UTC(2031, 5, 1)), end: new Date(Date.UTC(2031, 5, 2)), notes: `Private note ${tag}` };
  const entry = await db.outOfOffice.create({ data: { userId: user.id, ...away } });
  return { user, oooId: entry.id, secrets: [user.email, user.name, schedule.name, away.notes] };
}

const notedEntries = (userId: number) =>
  db.outOfOffice.findMany({ where: { userId }, select: { id: true, start: true, end: true, notes: true }, orderBy: { id: "asc" } });

const naming = (route: (typeof teamRoutes)[number]) => route.path.includes("{userId}");
const HOST_WRITES: Record<string, (userId: number) => unknown> = {
  "POST /v2/teams/{teamId}/event-types": (userId) => ({
    title: "Consent",
    slug: "consent",
    lengthInMinutes: 30,
    schedulingType: "roundRobin",
    hosts: [{ userId }],
  }),
  "PATCH /v2/teams/{teamId}/event-types/{eventTypeId}": (userId) => ({ hosts: [{ userId }] }),
};

for (const route of teamRoutes.filter((route) => naming(route) || route.method === "GET" || HOST_WRITES[teamTwin(`${route.method} ${route.path}`)])) {
  const team = teamAccessOf(route.access)!;
  const operation = `${route.method} ${route.path}`;

  test(`${operation}: nothing of a user who did not accept is readable or writable through the team`, async ({ request }) => {
    const world = await makeTenancyWorld();
    const [ownerKey, adminKey, orgAdminKey] = await Promise.all([world.users.owner, world.users.admin, world.users.orgAdmin].map(({ id }) => makeApiKey(id)));
    const added = await makeUser({ name: `Nora ${randomBytes(4).toString("hex")}` });
    // The owner tries to force them in (accepted: true on create, then on update): the create only invites them
    // (201, pending: issue 35), the update is refused; they stay invited.
    const asOwner = { authorization: `Bearer ${ownerKey}` };
    const invitedByApi = await request.post(`/v2/teams/${world.team.id}/memberships`, { headers: asOwner, data: { userId: added.id, accepted: true } });
    expect(invitedByApi.status(), await invitedByApi.text()).toBe(201);
    expect((await invitedByApi.json()).data.accepted).toBe(false);
    const pendingId = (await invitedByApi.json()).data.id;
    const forcedLater = await request.patch(`/v2/teams/${world.team.id}/memberships/${pendingId}`, { headers: asOwner, data: { accepted: true } });
    expect(forcedLater.status(), await forcedLater.text()).toBe(400);
    const strangers = await Promise.all([added, world.users.invited].map(withPrivateData));
    const before = await Promise.all(strangers.map(({ user }) => notedEntries(user.id)));

    const shared: Record<string, number | string> = {};
    const names = [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name!).filter((name) => name !== team.param);
    for (const name of names.filter((name) => name !== "userId" && name !== "oooId")) shared[name] = await PARAMS[name]!(world, shared);
    for (const stranger of strangers) {
      const values: Record<string, number | string> = { ...shared, [team.param]: world.team.id, userId: stranger.user.id, oooId: stranger.oooId };
      const url = route.path.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name])) + queryOf(operation);
      const body = (HOST_WRITES[operation] ?? HOST_WRITES[teamTwin(operation)])?.(stranger.user.id) ?? (await bodyOf(operation, world));
      for (const key of team.roles.includes("ADMIN") ? [adminKey, orgAdminKey] : [ownerKey]) {
        const response = await request.fetch(url, {
          method: route.method,
          headers: { authorization: `Bearer ${key}` },
          data: route.method === "GET" ? undefined : (body ?? {}),
        });
        const text = await response.text();
        if (naming(route)) expect(response.status(), text).toBe(404);
        else if (HOST_WRITES[teamTwin(operation)]) expect(response.status(), text).toBe(400);
        else expect(response.status(), text).toBeLessThan(300);
        for (const secret of stranger.secrets) expect(text, `${operation} shows ${secret}`).not.toContain(secret);
      }
    }
    expect(await Promise.all(strangers.map(({ user }) => notedEntries(user.id)))).toEqual(before);
    expect(await db.membership.count({ where: { teamId: world.team.id, userId: { in: strangers.map(({ user }) => user.id) }, accepted: true } })).toBe(0);
  });
}

/**
 * The organization routes (`access.org`, no team): called as an outsider, a team member who is not in the organization,
 * and an admin of another organization (404 "Organization not found"), as the organization's members whose role lacks
 * the permission (403), and as its admin (allowed). Path parameters other than `orgId` name rows of the organization;
 * another organization's owner naming them under their own organization is a 404 too.
 */
const ORG_PARAMS: Record<string, (world: World, before: Record<string, number | string>) => Promise<number | string>> = {
  membershipId: async (world) =>
    (await db.membership.findUniqueOrThrow({ where: { teamId_userId: { teamId: world.org.id, userId: world.users.orgMember.id } } })).id,
  // A user the organization created: the one kind whose account its admins manage.
  userId: async (world) => {
    const user = await makeUser();
    await db.user.update({ where: { id: user.id }, data: { createdInOrganizationId: world.org.id } });
    await db.membership.create({ data: { teamId: world.org.id, userId: user.id, role: "MEMBER", accepted: true } });
    return user.id;
  },
  teamId: async (world) => world.team.id,
  // Two schedules, the first the default: the one named here can be deleted without naming a successor.
  scheduleId: async (_world, before) => {
    const userId = Number(before.userId);
    const [first, second] = await Promise.all(["Matrix days", "Matrix nights"].map((name) => db.schedule.create({ data: { userId, name, timeZone: "UTC" } })));
    await db.user.update({ where: { id: userId }, data: { defaultScheduleId: first!.id } });
    return second!.id;
  },
  oooId: async (_world, before) =>
    (await db.outOfOffice.create({ data: { userId: Number(before.userId), start: new Date(Date.UTC(2031, 0, 1)), end: new Date(Date.UTC(2031, 0, 2)) } })).id,
  webhookId: async (world) => {
    const url = `${process.env.E2E_BASE_URL}/v2/organizations/${world.org.id}/webhooks`;
    const headers = { authorization: `Bearer ${await makeApiKey(world.users.orgOwner.id)}`, "content-type": "application/json" };
    const created = await fetch(url, { method: "POST", headers, body: JSON.stringify(WEBHOOK_BODY) });
    expect(created.status, await created.clone().text()).toBe(201);
    return ((await created.json()) as { data: { id: number } }).data.id;
  },
  messageId: async (world, before) => PARAMS.messageId!(world, before),
  routingFormId: async (world) => makeRoutingForm(world.org.id, world.users.orgOwner.id),
  responseId: async (_world, before) => makeRoutingResponse(String(before.routingFormId)),
};

const ORG = "/v2/organizations/{orgId}";
const ORG_BODIES: Record<string, () => Promise<unknown>> = {
  [`POST ${ORG}/memberships`]: async () => ({ userId: (await makeUser()).id }),
  [`PATCH ${ORG}/memberships/{membershipId}`]: async () => ({ role: "ADMIN" }),
  [`POST ${ORG}/users`]: async () => ({ email: `org-matrix-${randomBytes(6).toString("hex")}@example.test` }),
  [`PATCH ${ORG}/users/{userId}`]: async () => ({ bio: "Changed by the tenancy matrix" }),
  [`POST ${ORG}/teams`]: async () => ({ name: `Matrix team ${randomBytes(3).toString("hex")}` }),
  [`PATCH ${ORG}/teams/{teamId}`]: async () => ({ bio: "Updated by the organization" }),
  [`POST ${ORG}/users/{userId}/schedules`]: async () => ({ name: "Matrix", timeZone: "UTC" }),
  [`PATCH ${ORG}/users/{userId}/schedules/{scheduleId}`]: async () => ({ name: "Renamed by the tenancy matrix" }),
  [`POST ${ORG}/users/{userId}/ooo`]: async () => ({ start: "2031-02-01T00:00:00Z", end: "2031-02-03T00:00:00Z" }),
  [`PATCH ${ORG}/users/{userId}/ooo/{oooId}`]: async () => ({ notes: "Changed by the tenancy matrix" }),
  [`POST ${ORG}/webhooks`]: async () => WEBHOOK_BODY,
  [`PATCH ${ORG}/webhooks/{webhookId}`]: async () => ({ active: false }),
  [`POST ${ORG}/routing-forms/{routingFormId}/responses`]: async () => ROUTING_ANSWERS,
  [`PATCH ${ORG}/routing-forms/{routingFormId}/responses/{responseId}`]: async () => ({ response: ROUTING_ANSWERS }),
};

const ORG_WHO: Record<TeamRole, "orgOwner" | "orgAdmin" | "orgMember"> = { OWNER: "orgOwner", ADMIN: "orgAdmin", MEMBER: "orgMember" };

const orgRoutes = ROUTE_CATALOG.filter((route) => orgAccessOf(route.access) && !teamAccessOf(route.access));

test("the catalog has organization routes to walk", () => {
  expect(orgRoutes.length).toBeGreaterThan(0);
});

for (const route of orgRoutes) {
  const org = orgAccessOf(route.access)!;
  const operation = `${route.method} ${route.path}`;

  test(`${operation}: outsider and another organization's admin 404, ${TEAM_ROLES.filter((role) => !org.roles.includes(role)).join("/") || "no role"} 403, ${org.roles.join("/")} allowed`, async ({
    request,
  }) => {
    const [world, other] = await Promise.all([makeTenancyWorld(), makeTenancyWorld()]);
    const resolved: Record<string, number | string> = { [org.param]: world.org.id };
    for (const [, name] of route.path.matchAll(/\{(\w+)\}/g)) {
      if (name === org.param) continue;
      expect(ORG_PARAMS[name!], `${operation}: add a fixture for the path parameter ${name} to ORG_PARAMS`).toBeDefined();
      resolved[name!] = await ORG_PARAMS[name!]!(world, resolved);
    }
    const urlFor = (values: Record<string, number | string>) =>
      route.path.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name])) + queryOf(operation);
    const call = async (userId: number, values = resolved) =>
      request.fetch(urlFor(values), {
        method: route.method,
        headers: { authorization: `Bearer ${await makeApiKey(userId)}` },
        data: ["GET", "DELETE"].includes(route.method) ? undefined : ((await ORG_BODIES[operation]?.()) ?? {}),
      });

    for (const user of [world.users.outsider, world.users.owner, world.users.invited, other.users.orgAdmin, other.users.orgOwner]) {
      const response = await call(user.id);
      expect(response.status(), `${user.email}: ${await response.text()}`).toBe(404);
      expect((await response.json()).error.message).toBe("Organization not found");
    }
    for (const role of TEAM_ROLES.filter((held) => !org.roles.includes(held))) {
      const response = await call(world.users[ORG_WHO[role]].id);
      expect(response.status(), `${role}: ${await response.text()}`).toBe(403);
      expect((await response.json()).error.message).toContain(org.roles.join(org.roles.length > 2 ? ", " : " or "));
    }
    // Another organization's owner naming this organization's row (a user, team, membership or webhook) under their own.
    if (Object.keys(resolved).length > 1) {
      const response = await call(other.users.orgOwner.id, { ...resolved, [org.param]: other.org.id });
      expect(response.status(), await response.text()).toBe(404);
    }
    const allowed = await call(world.users[org.roles.includes("ADMIN") ? "orgAdmin" : ORG_WHO[org.roles[0]!]].id);
    expect(allowed.status(), `${operation}: ${await allowed.text()}`).toBeLessThan(300);
  });
}
