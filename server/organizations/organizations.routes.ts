/**
 * The organization-level membership and user routes (spec: ORG_MEMBERSHIP_READ / ORG_MEMBERSHIP_WRITE), with the
 * peer's paths, bodies and outputs. Each names the permission its use case checks (access.org).
 */
import type { Permission } from "../auth/permissions";
import type { ApiRoute } from "../http/api-route";
import { defineRoute } from "../http/api-route";
import { pageOf } from "../http/pagination";
import {
  createOrgMembership,
  deleteOrgMembership,
  getOrgMembership,
  listOrgMemberships,
  updateOrgMembership,
  ZOrgMembershipOutput,
} from "./org-memberships.service";
import { ZOrgUserOutput } from "./org-users.dto";
import { ZCreateOrgUserInput, ZListOrgUsersQuery, ZOrgUserParams, ZUpdateOrgUserInput } from "./org-users.schemas";
import { createOrgUser, deleteOrgUser, listOrgUsers, updateOrgUser } from "./org-users.service";
import { ZOrgIdParams } from "./organization.schemas";
import { membershipRoutes } from "../teams/membership-routes";

const tag = "Organizations";
/** The organization of `{orgId}`, and the permission (server/auth/permissions.ts) the use case checks in it. */
const org = (permission: Permission) => ({ param: "orgId", permission });

export const {
  list: listOrgMembershipsRoute,
  create: createOrgMembershipRoute,
  get: getOrgMembershipRoute,
  update: updateOrgMembershipRoute,
  delete: deleteOrgMembershipRoute,
} = membershipRoutes<{ orgId: number }>({
  base: "/v2/organizations/{orgId}",
  tag,
  params: ZOrgIdParams,
  access: {
    read: { scope: "ORG_MEMBERSHIP_READ", org: org("org.memberships.read") },
    write: { scope: "ORG_MEMBERSHIP_WRITE", org: org("org.memberships.write") },
  },
  response: ZOrgMembershipOutput,
  summaries: {
    list: "Get the organization's memberships, then its pending ones (invitations not yet accepted, shown without a profile)",
    create:
      "Add a user to the organization. A user the organization created (POST …/users) joins at once; anyone else is invited (a pending membership, accepted: false, even when accepted: true is sent, as the answer's invitation says) and mailed a link: they join only by accepting. A user belongs to one organization at most (409). Only an OWNER adds an OWNER",
    get: "Get a membership of the organization",
    update:
      "Change a member's role, or suspend the membership (accepted: false, which also ends their memberships of the organization's teams); only the user accepts. The last owner cannot be demoted: 409",
    delete: "Remove a member from the organization (and from its teams), or revoke a pending invitation; the last owner cannot leave: 409",
  },
  useCases: {
    list: (actor, { orgId }, page) => listOrgMemberships(actor, orgId, page),
    create: (actor, { orgId }, input) => createOrgMembership(actor, orgId, input),
    get: (actor, { orgId }, membershipId) => getOrgMembership(actor, orgId, membershipId),
    update: (actor, { orgId }, membershipId, input) => updateOrgMembership(actor, orgId, membershipId, input),
    delete: (actor, { orgId }, membershipId) => deleteOrgMembership(actor, orgId, membershipId),
  },
});

/** What the routes on the organization's users, and on one of them, share. */
const users = { tag, path: "/v2/organizations/{orgId}/users", params: ZOrgIdParams, response: ZOrgUserOutput } as const;
const oneUser = { tag, path: "/v2/organizations/{orgId}/users/{userId}", params: ZOrgUserParams, response: ZOrgUserOutput } as const;
const usersWrite = { scope: "ORG_MEMBERSHIP_WRITE", org: org("org.users.write") } as const;

export const listOrgUsersRoute = defineRoute(
  {
    ...users,
    method: "GET",
    summary: "Get the organization's users (accepted members only), filtered by e-mail addresses and by its teams",
    access: { scope: "ORG_MEMBERSHIP_READ", org: org("org.users.read") },
    query: ZListOrgUsersQuery,
    paginated: true,
  },
  ({ actor, params, query }) => pageOf(listOrgUsers(actor, params.orgId, query), query),
);
export const createOrgUserRoute = defineRoute(
  {
    ...users,
    method: "POST",
    summary:
      "Create an account in the organization: it is a member at once (organizationRole), gets a default schedule, and is mailed a link to set its password (valid 7 days). An e-mail that already has an account: 409 (invite it through …/memberships instead)",
    access: usersWrite,
    body: ZCreateOrgUserInput,
    successStatus: 201,
  },
  ({ actor, params, body }) => createOrgUser(actor, params.orgId, body),
);
export const updateOrgUserRoute = defineRoute(
  {
    ...oneUser,
    method: "PATCH",
    summary: "Update the profile of a user the organization created (a member who joined with their own account: 403)",
    access: usersWrite,
    body: ZUpdateOrgUserInput,
  },
  ({ actor, params, body }) => updateOrgUser(actor, params.orgId, params.userId, body),
);
export const deleteOrgUserRoute = defineRoute(
  {
    ...oneUser,
    method: "DELETE",
    summary:
      "Remove a user from the organization and its teams. An account the organization created is deleted too (its upcoming bookings cancelled first); a member who joined with their own account keeps it",
    access: usersWrite,
  },
  ({ actor, params }) => deleteOrgUser(actor, params.orgId, params.userId),
);

export const organizationRoutes: ApiRoute[] = [
  listOrgMembershipsRoute,
  createOrgMembershipRoute,
  getOrgMembershipRoute,
  updateOrgMembershipRoute,
  deleteOrgMembershipRoute,
  listOrgUsersRoute,
  createOrgUserRoute,
  updateOrgUserRoute,
  deleteOrgUserRoute,
];
