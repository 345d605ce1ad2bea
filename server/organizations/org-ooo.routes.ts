/** Out-of-office entries of an organization's members, with the peer's paths (its org-scoped OOO API). */
import type { ApiRoute } from "../http/api-route";
import { defineRoute } from "../http/api-route";
import { ZIdParam } from "../http/ids";
import { pageOf } from "../http/pagination";
import { ZOooOutput } from "../out-of-office/out-of-office.dto";
import { ZListOooQuery } from "../out-of-office/out-of-office.schemas";
import { oooLevelRoutes } from "../out-of-office/ooo-level.routes";
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
const read = { scope: "ORG_SCHEDULE_READ", org: org("org.ooo.read") } as const;
const write = { scope: "ORG_SCHEDULE_WRITE", org: org("org.ooo.write") } as const;

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
  ({ actor, params, query }) => pageOf(listOrganizationOutOfOffice(actor, params.orgId, query), query),
);

export const {
  list: listOrgUserOooRoute,
  create: createOrgUserOooRoute,
  update: updateOrgUserOooRoute,
  remove: deleteOrgUserOooRoute,
  all: orgUserOooRoutes,
} = oooLevelRoutes({
  path: "/v2/organizations/{orgId}/users/{userId}/ooo",
  tag,
  summaries: {
    list: "Get a member's out-of-office entries (404 for a user who is not an accepted member)",
    create:
      "Create an out-of-office entry for a member (409 when it overlaps another of theirs; toUserId: another accepted member, who receives their round-robin bookings meanwhile)",
    update: "Update a member's out-of-office entry",
    delete: "Delete a member's out-of-office entry",
  },
  params: ZOrgUserParams,
  itemParams: ZOrgUserParams.extend({ oooId: ZIdParam }),
  read,
  write,
  list: (actor, { orgId, userId }, query) => listOrganizationUserOutOfOffice(actor, orgId, userId, query),
  create: (actor, { orgId, userId }, body) => createOrganizationUserOutOfOffice(actor, orgId, userId, body),
  update: (actor, { orgId, userId, oooId }, body) => updateOrganizationUserOutOfOffice(actor, orgId, userId, oooId, body),
  remove: (actor, { orgId, userId, oooId }) => deleteOrganizationUserOutOfOffice(actor, orgId, userId, oooId),
});

export const orgOooRoutes: ApiRoute[] = [listOrgOooRoute, ...orgUserOooRoutes];
