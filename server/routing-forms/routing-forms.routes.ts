/**
 * /v2 routing forms: the peer's organization routes (/v2/organizations/{orgId}/routing-forms…, and its teams'), its
 * calculate-slots, and Convene's own form management for the caller's forms (/v2/routing-forms) and a team's
 * (/v2/teams/{teamId}/routing-forms). The spec's scope tables name no routing-form operation, so OAuth tokens are
 * refused (Scope rules 1) and API keys reach them, calculate-slots too (the form's public page submits through the site).
 */
import type { ApiRoute } from "../http/api-route";
import { defineRoute } from "../http/api-route";
import { org, orgTeam } from "../organizations/org-teams.schemas";
import { ZOrgIdParams, ZOrgTeamParams } from "../organizations/org-teams.schemas";
import type { RoutingFormOwner } from "./routing-form-access";
import {
  ZOrgRoutingFormParams,
  ZOrgRoutingFormResponseParams,
  ZOrgRoutingFormsQuery,
  ZOrgTeamRoutingFormParams,
  ZOrgTeamRoutingFormResponseParams,
  ZResponsesQuery,
  ZRoutingFormIdParams,
  ZRoutingFormsQuery,
  ZTeamRoutingFormParams,
  ZTeamRoutingFormsParams,
} from "./routing-form-queries.schemas";
import { ZRoutingFormOutput, ZRoutingFormResponseOutput } from "./routing-form.dto";
import { ZCreateRoutingFormInput, ZRoutingFormAnswers, ZUpdateRoutingFormInput } from "./routing-form.schemas";
import { createRoutingForm, deleteRoutingForm, getRoutingForm, listRoutingForms, updateRoutingForm } from "./routing-form.service";
import { calculateRoutedSlots, createRoutingFormResponse, listRoutingFormResponses, updateRoutingFormResponse } from "./routing-responses.service";
import { ZCreateResponseOutput, ZRoutedSlotsOutput, ZUpdateResponseInput } from "./routing-responses.dto";
import { ZRoutingSlotsQuery } from "./routing-slots.schemas";

const tag = "Routing forms";
const ORG_TAG = "Orgs / Routing forms";
const ORG_TEAM_TAG = "Orgs / Teams / Routing forms";
const OWN = "/v2/routing-forms";
const TEAM = "/v2/teams/{teamId}/routing-forms";
const ORG = "/v2/organizations/{orgId}/routing-forms";
const ORG_TEAM = "/v2/organizations/{orgId}/teams/{teamId}/routing-forms";

const own: RoutingFormOwner = { kind: "user" };
const ofTeam = ({ teamId }: { teamId: number }): RoutingFormOwner => ({ kind: "team", teamId });
const ofOrg = ({ orgId }: { orgId: number }): RoutingFormOwner => ({ kind: "org", orgId });
const ofOrgTeam = ({ orgId, teamId }: { orgId: number; teamId: number }): RoutingFormOwner => ({ kind: "team", teamId, orgId });

const teamRead = { scope: null, team: { param: "teamId", permission: "routingForm.read" } } as const;
const teamWrite = { scope: null, team: { param: "teamId", permission: "routingForm.write" } } as const;
const orgRead = { scope: null, org: org("org.routingForms.read") } as const;
const orgWrite = { scope: null, org: org("org.routingForms.write") } as const;
const orgTeamRead = { scope: null, team: orgTeam("routingForm.read") } as const;
const orgTeamWrite = { scope: null, team: orgTeam("routingForm.write") } as const;

/** GET, POST, and GET/PATCH/DELETE one form, for the caller's own forms or a team's. */
function managementRoutes(base: string, access: { read: ApiRoute["access"]; write: ApiRoute["access"] }, owner: "own" | "team") {
  const listParams = owner === "own" ? undefined : ZTeamRoutingFormsParams;
  const itemParams = owner === "own" ? ZRoutingFormIdParams : ZTeamRoutingFormParams;
  const whose = (params: unknown): RoutingFormOwner => (owner === "own" ? own : ofTeam(params as { teamId: number }));
  const noun = owner === "own" ? "your" : "a team's";
  return {
    list: defineRoute(
      {
        method: "GET",
        path: base,
        tag,
        summary: `Get ${noun} routing forms`,
        access: access.read,
        params: listParams,
        query: ZRoutingFormsQuery,
        response: ZRoutingFormOutput,
        paginated: true,
      },
      ({ actor, params, query }) => listRoutingForms(actor, whose(params), query),
    ),
    create: defineRoute(
      {
        method: "POST",
        path: base,
        tag,
        summary: `Create ${noun === "your" ? "a routing form of yours" : "a team's routing form"}`,
        access: access.write,
        params: listParams,
        body: ZCreateRoutingFormInput,
        response: ZRoutingFormOutput,
        successStatus: 201,
      },
      ({ actor, params, body }) => createRoutingForm(actor, whose(params), body),
    ),
    get: defineRoute(
      {
        method: "GET",
        path: `${base}/{routingFormId}`,
        tag,
        summary: `Get one of ${noun} routing forms`,
        access: access.read,
        params: itemParams,
        response: ZRoutingFormOutput,
      },
      ({ actor, params }) => getRoutingForm(actor, whose(params), params.routingFormId),
    ),
    update: defineRoute(
      {
        method: "PATCH",
        path: `${base}/{routingFormId}`,
        tag,
        summary: `Update one of ${noun} routing forms`,
        access: access.write,
        params: itemParams,
        body: ZUpdateRoutingFormInput,
        response: ZRoutingFormOutput,
      },
      ({ actor, params, body }) => updateRoutingForm(actor, whose(params), params.routingFormId, body),
    ),
    remove: defineRoute(
      {
        method: "DELETE",
        path: `${base}/{routingFormId}`,
        tag,
        summary: `Delete one of ${noun} routing forms`,
        access: access.write,
        params: itemParams,
        response: ZRoutingFormOutput,
      },
      ({ actor, params }) => deleteRoutingForm(actor, whose(params), params.routingFormId),
    ),
    responses: defineRoute(
      {
        method: "GET",
        path: `${base}/{routingFormId}/responses`,
        tag,
        summary: `Get the responses of one of ${noun} routing forms`,
        access: access.read,
        params: itemParams,
        query: ZResponsesQuery,
        response: ZRoutingFormResponseOutput,
        paginated: true,
      },
      ({ actor, params, query }) => listRoutingFormResponses(actor, whose(params), params.routingFormId, query),
    ),
  };
}

export const ownRoutingFormRoutes = managementRoutes(OWN, { read: "api-key-only", write: "api-key-only" }, "own");
export const teamRoutingFormRoutes = managementRoutes(TEAM, { read: teamRead, write: teamWrite }, "team");

export const listOrgRoutingFormsRoute = defineRoute(
  {
    method: "GET",
    path: ORG,
    tag: ORG_TAG,
    summary: "Get organization routing forms",
    access: orgRead,
    params: ZOrgIdParams,
    query: ZOrgRoutingFormsQuery,
    response: ZRoutingFormOutput,
    paginated: true,
  },
  ({ actor, params, query }) => listRoutingForms(actor, ofOrg(params), query),
);
export const listOrgRoutingFormResponsesRoute = defineRoute(
  {
    method: "GET",
    path: `${ORG}/{routingFormId}/responses`,
    tag: ORG_TAG,
    summary: "Get routing form responses",
    access: orgRead,
    params: ZOrgRoutingFormParams,
    query: ZResponsesQuery,
    response: ZRoutingFormResponseOutput,
    paginated: true,
  },
  ({ actor, params, query }) => listRoutingFormResponses(actor, ofOrg(params), params.routingFormId, query),
);
export const createOrgRoutingFormResponseRoute = defineRoute(
  {
    method: "POST",
    path: `${ORG}/{routingFormId}/responses`,
    tag: ORG_TAG,
    summary: "Create routing form response and get available slots",
    access: orgWrite,
    params: ZOrgRoutingFormParams,
    query: ZRoutingSlotsQuery,
    body: ZRoutingFormAnswers,
    response: ZCreateResponseOutput,
    successStatus: 201,
  },
  ({ actor, params, query, body }) => createRoutingFormResponse(actor, ofOrg(params), params.routingFormId, body, query),
);
export const updateOrgRoutingFormResponseRoute = defineRoute(
  {
    method: "PATCH",
    path: `${ORG}/{routingFormId}/responses/{responseId}`,
    tag: ORG_TAG,
    summary: "Update routing form response",
    access: orgWrite,
    params: ZOrgRoutingFormResponseParams,
    body: ZUpdateResponseInput,
    response: ZRoutingFormResponseOutput,
  },
  ({ actor, params, body }) => updateRoutingFormResponse(actor, ofOrg(params), params.routingFormId, params.responseId, body.response ?? {}),
);

export const listOrgTeamRoutingFormsRoute = defineRoute(
  {
    method: "GET",
    path: ORG_TEAM,
    tag: ORG_TEAM_TAG,
    summary: "Get team routing forms",
    access: orgTeamRead,
    params: ZOrgTeamParams,
    query: ZRoutingFormsQuery,
    response: ZRoutingFormOutput,
    paginated: true,
  },
  ({ actor, params, query }) => listRoutingForms(actor, ofOrgTeam(params), query),
);
export const listOrgTeamRoutingFormResponsesRoute = defineRoute(
  {
    method: "GET",
    path: `${ORG_TEAM}/{routingFormId}/responses`,
    tag: ORG_TEAM_TAG,
    summary: "Get organization team routing form responses",
    access: orgTeamRead,
    params: ZOrgTeamRoutingFormParams,
    query: ZResponsesQuery,
    response: ZRoutingFormResponseOutput,
    paginated: true,
  },
  ({ actor, params, query }) => listRoutingFormResponses(actor, ofOrgTeam(params), params.routingFormId, query),
);
export const createOrgTeamRoutingFormResponseRoute = defineRoute(
  {
    method: "POST",
    path: `${ORG_TEAM}/{routingFormId}/responses`,
    tag: ORG_TEAM_TAG,
    summary: "Create routing form response and get available slots",
    access: orgTeamWrite,
    params: ZOrgTeamRoutingFormParams,
    query: ZRoutingSlotsQuery,
    body: ZRoutingFormAnswers,
    response: ZCreateResponseOutput,
    successStatus: 201,
  },
  ({ actor, params, query, body }) => createRoutingFormResponse(actor, ofOrgTeam(params), params.routingFormId, body, query),
);
export const updateOrgTeamRoutingFormResponseRoute = defineRoute(
  {
    method: "PATCH",
    path: `${ORG_TEAM}/{routingFormId}/responses/{responseId}`,
    tag: ORG_TEAM_TAG,
    summary: "Update routing form response",
    access: orgTeamWrite,
    params: ZOrgTeamRoutingFormResponseParams,
    body: ZUpdateResponseInput,
    response: ZRoutingFormResponseOutput,
  },
  ({ actor, params, body }) => updateRoutingFormResponse(actor, ofOrgTeam(params), params.routingFormId, params.responseId, body.response ?? {}),
);

export const calculateSlotsRoute = defineRoute(
  {
    method: "POST",
    path: `${OWN}/{routingFormId}/calculate-slots`,
    tag,
    summary: "Calculate slots based on routing form response",
    access: "api-key-only",
    params: ZRoutingFormIdParams,
    query: ZRoutingSlotsQuery,
    body: ZRoutingFormAnswers,
    response: ZRoutedSlotsOutput,
  },
  ({ params, query, body }) => calculateRoutedSlots(params.routingFormId, body, query),
);

export const routingFormRoutes: readonly ApiRoute[] = [
  ...Object.values(ownRoutingFormRoutes),
  ...Object.values(teamRoutingFormRoutes),
  listOrgRoutingFormsRoute,
  listOrgRoutingFormResponsesRoute,
  createOrgRoutingFormResponseRoute,
  updateOrgRoutingFormResponseRoute,
  listOrgTeamRoutingFormsRoute,
  listOrgTeamRoutingFormResponsesRoute,
  createOrgTeamRoutingFormResponseRoute,
  updateOrgTeamRoutingFormResponseRoute,
  calculateSlotsRoute,
];
