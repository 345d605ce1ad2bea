/**
 * /v2 workflows: the peer's organization-team routes (/v2/organizations/{orgId}/teams/{teamId}/workflows…) in its
 * shapes, and the same operations on a team's (/v2/teams/{teamId}/workflows) and on the caller's own
 * (/v2/workflows). The spec's scope tables name no workflow operation, so OAuth tokens are refused (Scope rules 1)
 * and API keys reach them; team routes need workflow.read / workflow.write in the team (permissions.ts).
 */
import type { ApiRoute } from "../http/api-route";
import { defineRoute } from "../http/api-route";
import { orgTeam } from "../organizations/org-teams.schemas";
import { ZOrgTeamParams } from "../organizations/org-teams.schemas";
import type { WorkflowOwner } from "./workflow-access";
import { ZWorkflowOutput } from "./workflow.dto";
import {
  ZCreateWorkflowInput,
  ZListWorkflowsQuery,
  ZOrgTeamWorkflowParams,
  ZTeamWorkflowParams,
  ZTeamWorkflowsParams,
  ZUpdateWorkflowInput,
  ZWorkflowIdParams,
} from "./workflow.schemas";
import { createWorkflow, deleteWorkflow, getWorkflow, listWorkflows, updateWorkflow } from "./workflow.service";

const tag = "Workflows";
const OWN = "/v2/workflows";
const TEAM = "/v2/teams/{teamId}/workflows";
const ORG_TEAM = "/v2/organizations/{orgId}/teams/{teamId}/workflows";

const own: WorkflowOwner = { kind: "user" };
const ofTeam = ({ teamId }: { teamId: number }): WorkflowOwner => ({ kind: "team", teamId });
const ofOrgTeam = ({ orgId, teamId }: { orgId: number; teamId: number }): WorkflowOwner => ({ kind: "team", teamId, orgId });

const teamRead = { scope: null, team: { param: "teamId", permission: "workflow.read" } } as const;
const teamWrite = { scope: null, team: { param: "teamId", permission: "workflow.write" } } as const;
const orgTeamRead = { scope: null, team: orgTeam("workflow.read") } as const;
const orgTeamWrite = { scope: null, team: orgTeam("workflow.write") } as const;

export const listOwnWorkflowsRoute = defineRoute(
  {
    method: "GET",
    path: OWN,
    tag,
    summary: "Get your workflows",
    access: "api-key-only",
    query: ZListWorkflowsQuery,
    response: ZWorkflowOutput,
    paginated: true,
  },
  ({ actor, query }) => listWorkflows(actor, own, query),
);
export const createOwnWorkflowRoute = defineRoute(
  {
    method: "POST",
    path: OWN,
    tag,
    summary: "Create a workflow on your event types",
    access: "api-key-only",
    body: ZCreateWorkflowInput,
    response: ZWorkflowOutput,
    successStatus: 201,
  },
  ({ actor, body }) => createWorkflow(actor, own, body),
);
export const getOwnWorkflowRoute = defineRoute(
  {
    method: "GET",
    path: `${OWN}/{workflowId}`,
    tag,
    summary: "Get one of your workflows",
    access: "api-key-only",
    params: ZWorkflowIdParams,
    response: ZWorkflowOutput,
  },
  ({ actor, params }) => getWorkflow(actor, own, params.workflowId),
);
export const updateOwnWorkflowRoute = defineRoute(
  {
    method: "PATCH",
    path: `${OWN}/{workflowId}`,
    tag,
    summary: "Update one of your workflows",
    access: "api-key-only",
    params: ZWorkflowIdParams,
    body: ZUpdateWorkflowInput,
    response: ZWorkflowOutput,
  },
  ({ actor, params, body }) => updateWorkflow(actor, own, params.workflowId, body),
);
export const deleteOwnWorkflowRoute = defineRoute(
  {
    method: "DELETE",
    path: `${OWN}/{workflowId}`,
    tag,
    summary: "Delete one of your workflows",
    access: "api-key-only",
    params: ZWorkflowIdParams,
    response: ZWorkflowOutput,
  },
  ({ actor, params }) => deleteWorkflow(actor, own, params.workflowId),
);

export const listTeamWorkflowsRoute = defineRoute(
  {
    method: "GET",
    path: TEAM,
    tag,
    summary: "Get a team's workflows",
    access: teamRead,
    params: ZTeamWorkflowsParams,
    query: ZListWorkflowsQuery,
    response: ZWorkflowOutput,
    paginated: true,
  },
  ({ actor, params, query }) => listWorkflows(actor, ofTeam(params), query),
);
export const createTeamWorkflowRoute = defineRoute(
  {
    method: "POST",
    path: TEAM,
    tag,
    summary: "Create a workflow on a team's event types",
    access: teamWrite,
    params: ZTeamWorkflowsParams,
    body: ZCreateWorkflowInput,
    response: ZWorkflowOutput,
    successStatus: 201,
  },
  ({ actor, params, body }) => createWorkflow(actor, ofTeam(params), body),
);
export const getTeamWorkflowRoute = defineRoute(
  {
    method: "GET",
    path: `${TEAM}/{workflowId}`,
    tag,
    summary: "Get a team's workflow",
    access: teamRead,
    params: ZTeamWorkflowParams,
    response: ZWorkflowOutput,
  },
  ({ actor, params }) => getWorkflow(actor, ofTeam(params), params.workflowId),
);
export const updateTeamWorkflowRoute = defineRoute(
  {
    method: "PATCH",
    path: `${TEAM}/{workflowId}`,
    tag,
    summary: "Update a team's workflow",
    access: teamWrite,
    params: ZTeamWorkflowParams,
    body: ZUpdateWorkflowInput,
    response: ZWorkflowOutput,
  },
  ({ actor, params, body }) => updateWorkflow(actor, ofTeam(params), params.workflowId, body),
);
export const deleteTeamWorkflowRoute = defineRoute(
  {
    method: "DELETE",
    path: `${TEAM}/{workflowId}`,
    tag,
    summary: "Delete a team's workflow",
    access: teamWrite,
    params: ZTeamWorkflowParams,
    response: ZWorkflowOutput,
  },
  ({ actor, params }) => deleteWorkflow(actor, ofTeam(params), params.workflowId),
);

export const listOrgTeamWorkflowsRoute = defineRoute(
  {
    method: "GET",
    path: ORG_TEAM,
    tag: "Orgs / Teams / Workflows",
    summary: "Get organization team workflows",
    access: orgTeamRead,
    params: ZOrgTeamParams,
    query: ZListWorkflowsQuery,
    response: ZWorkflowOutput,
    paginated: true,
  },
  ({ actor, params, query }) => listWorkflows(actor, ofOrgTeam(params), query),
);
export const createOrgTeamWorkflowRoute = defineRoute(
  {
    method: "POST",
    path: ORG_TEAM,
    tag: "Orgs / Teams / Workflows",
    summary: "Create a workflow for an organization team",
    access: orgTeamWrite,
    params: ZOrgTeamParams,
    body: ZCreateWorkflowInput,
    response: ZWorkflowOutput,
    successStatus: 201,
  },
  ({ actor, params, body }) => createWorkflow(actor, ofOrgTeam(params), body),
);
export const getOrgTeamWorkflowRoute = defineRoute(
  {
    method: "GET",
    path: `${ORG_TEAM}/{workflowId}`,
    tag: "Orgs / Teams / Workflows",
    summary: "Get organization team workflow",
    access: orgTeamRead,
    params: ZOrgTeamWorkflowParams,
    response: ZWorkflowOutput,
  },
  ({ actor, params }) => getWorkflow(actor, ofOrgTeam(params), params.workflowId),
);
export const updateOrgTeamWorkflowRoute = defineRoute(
  {
    method: "PATCH",
    path: `${ORG_TEAM}/{workflowId}`,
    tag: "Orgs / Teams / Workflows",
    summary: "Update organization team workflow",
    access: orgTeamWrite,
    params: ZOrgTeamWorkflowParams,
    body: ZUpdateWorkflowInput,
    response: ZWorkflowOutput,
  },
  ({ actor, params, body }) => updateWorkflow(actor, ofOrgTeam(params), params.workflowId, body),
);
export const deleteOrgTeamWorkflowRoute = defineRoute(
  {
    method: "DELETE",
    path: `${ORG_TEAM}/{workflowId}`,
    tag: "Orgs / Teams / Workflows",
    summary: "Delete organization team workflow",
    access: orgTeamWrite,
    params: ZOrgTeamWorkflowParams,
    response: ZWorkflowOutput,
  },
  ({ actor, params }) => deleteWorkflow(actor, ofOrgTeam(params), params.workflowId),
);

export const workflowRoutes: readonly ApiRoute[] = [
  listOwnWorkflowsRoute,
  createOwnWorkflowRoute,
  getOwnWorkflowRoute,
  updateOwnWorkflowRoute,
  deleteOwnWorkflowRoute,
  listTeamWorkflowsRoute,
  createTeamWorkflowRoute,
  getTeamWorkflowRoute,
  updateTeamWorkflowRoute,
  deleteTeamWorkflowRoute,
  listOrgTeamWorkflowsRoute,
  createOrgTeamWorkflowRoute,
  getOrgTeamWorkflowRoute,
  updateOrgTeamWorkflowRoute,
  deleteOrgTeamWorkflowRoute,
];
