/** Out-of-office entries of an organization's members, with the peer's paths (its org-scoped OOO API). */
import type { ApiRoute } from "../http/api-route";
import { defineRoute } from "../http/api-route";
import { ZIdParam } from "../http/ids";
import { Page } from "../http/pagination";
import { ZOooOutput } from "../out-of-office/out-of-office.dto";
import { ZCreateOooInput, ZListOooQuery, ZUpdateOooInput } from "../out-of-office/out-of-office.schemas";
import { ZEmail } from "../users/user.schemas";
import { org, ZOrgIdParams, ZOrgUserParams } from "./org-teams.schemas";
import {
  createOrganizationUserOutOfOffice,
  deleteOrganizationUserOutOfOffice,
  listOrganizationOutOfOffice,
  listOrganizationUserOutOfOffice,
  updateOrganizationUserOutOfOffice,
} from "./org-ooo.service";

const tag = "Orgs / Users / OOO";
const USER_OOO = "/v2/organizations/{orgId}/users/{userId}/ooo";
const read = { scope: "ORG_SCHEDULE_READ", org: org("org.ooo.read") } as const;
const write = { scope: "ORG_SCHEDULE_WRITE", org: org("org.ooo.write") } as const;
const ZUserOooParams = ZOrgUserParams.extend({ oooId: ZIdParam });

export const listOrgOooRoute = defineRoute(
  {
    method: "GET",
    path: "/v2/organizations/{orgId}/ooo",
    tag,
    summary: "Get the out-of-office entries of the organization's accepted members (email: one member's)",
    access: read,
    params: ZOrgIdParams,
    query: ZListOooQuery.extend({ email: ZEmail.optional().describe("Only the entries of the member with this address") }),
    response: ZOooOutput,
    paginated: true,
  },
  async ({ actor, params, query }) => {
    const { items, totalItems } = await listOrganizationOutOfOffice(actor, params.orgId, query);
    return new Page(items, totalItems, query);
  },
);

export const listOrgUserOooRoute = defineRoute(
  {
    method: "GET",
    path: USER_OOO,
    tag,
    summary: "Get a member's out-of-office entries (404 for a user who is not an accepted member)",
    access: read,
    params: ZOrgUserParams,
    query: ZListOooQuery,
    response: ZOooOutput,
    paginated: true,
  },
  async ({ actor, params, query }) => {
    const { items, totalItems } = await listOrganizationUserOutOfOffice(actor, params.orgId, params.userId, query);
    return new Page(items, totalItems, query);
  },
);

export const createOrgUserOooRoute = defineRoute(
  {
    method: "POST",
    path: USER_OOO,
    tag,
    summary:
      "Create an out-of-office entry for a member (409 when it overlaps another of theirs; toUserId: another accepted member, who receives their round-robin bookings meanwhile)",
    access: write,
    params: ZOrgUserParams,
    body: ZCreateOooInput,
    response: ZOooOutput,
    successStatus: 201,
  },
  ({ actor, params, body }) => createOrganizationUserOutOfOffice(actor, params.orgId, params.userId, body),
);

export const updateOrgUserOooRoute = defineRoute(
  {
    method: "PATCH",
    path: `${USER_OOO}/{oooId}`,
    tag,
    summary: "Update a member's out-of-office entry",
    access: write,
    params: ZUserOooParams,
    body: ZUpdateOooInput,
    response: ZOooOutput,
  },
  ({ actor, params, body }) => updateOrganizationUserOutOfOffice(actor, params.orgId, params.userId, params.oooId, body),
);

export const deleteOrgUserOooRoute = defineRoute(
  {
    method: "DELETE",
    path: `${USER_OOO}/{oooId}`,
    tag,
    summary: "Delete a member's out-of-office entry",
    access: write,
    params: ZUserOooParams,
    response: ZOooOutput,
  },
  ({ actor, params }) => deleteOrganizationUserOutOfOffice(actor, params.orgId, params.userId, params.oooId),
);

export const orgOooRoutes: ApiRoute[] = [listOrgOooRoute, listOrgUserOooRoute, createOrgUserOooRoute, updateOrgUserOooRoute, deleteOrgUserOooRoute];
