/** Path parameters of the organization routes: the organization, and one of its teams. */
import { z } from "zod";
import type { Permission } from "../auth/permissions";
import { ZIdParam } from "../http/ids";
import type { OrgAccess, TeamAccess } from "../http/route-definition";

export const ZOrgIdParams = z.object({ orgId: ZIdParam });
export const ZOrgTeamParams = ZOrgIdParams.extend({ teamId: ZIdParam });
export const ZOrgTeamEventTypeParams = ZOrgTeamParams.extend({ eventTypeId: ZIdParam });
export const ZOrgTeamUserParams = ZOrgTeamParams.extend({ userId: ZIdParam });
export const ZOrgUserParams = ZOrgIdParams.extend({ userId: ZIdParam });

/**
 * The route clauses (route-definition.ts) of the organization routes: `org(permission)` for an organization-level
 * operation, `orgTeam(permission)` for one on a team of the organization (the team must be one of its teams).
 */
export const org = (permission: Permission): OrgAccess => ({ param: "orgId", permission });
export const orgTeam = (permission: Permission): TeamAccess => ({ param: "teamId", org: "orgId", permission });
