/**
 * Organizations in the site: the same use cases as /v2 and the CLI behind the session. Each checks its permission
 * itself (requireOrgPermission; instance-admin actions requireInstanceAdmin), so these procedures only pass inputs on.
 * Members, invitations and roles of an organization go through the teams procedures with the organization's id: an
 * organization is a team, and its memberships are team memberships under the organization rules.
 */
import { z } from "zod";
import { ZIdField } from "../../http/ids";
import { ZCreateTeamInput } from "../../teams/team.schemas";
import { listOrganizationBookingFilterOptions } from "../../organizations/org-bookings.service";
import { ZCreateOrgUserInput } from "../../organizations/org-users.schemas";
import { createOrgUser } from "../../organizations/org-users.service";
import { createOrganizationTeam, listMovableTeams, listOrganizationTeams, moveTeamIntoOrganization } from "../../organizations/org-structure.service";
import {
  listMyOrganizationRequests,
  listOrganizationRequestsForReview,
  requestOrganization,
  reviewOrganizationRequest,
} from "../../organizations/organization-requests.service";
import {
  ZCreateOrganizationInput,
  ZRequestOrganizationInput,
  ZReviewOrganizationRequestInput,
  ZUpdateOrganizationInput,
} from "../../organizations/organization.schemas";
import { createOrganization, getOrganization, listAllOrganizations, myOrganization, updateOrganization } from "../../organizations/organization.service";
import { protectedProcedure, router } from "../init";

const ZOrgRef = z.object({ orgId: ZIdField }).strict();

export const organizationsRouter = router({
  mine: protectedProcedure.query(({ ctx }) => myOrganization(ctx.actor)),
  myRequests: protectedProcedure.query(({ ctx }) => listMyOrganizationRequests(ctx.actor)),
  request: protectedProcedure.input(ZRequestOrganizationInput).mutation(({ ctx, input }) => requestOrganization(ctx.actor, input)),
  get: protectedProcedure.input(ZOrgRef).query(({ ctx, input }) => getOrganization(ctx.actor, input.orgId)),
  update: protectedProcedure
    .input(ZOrgRef.extend({ body: ZUpdateOrganizationInput }))
    .mutation(({ ctx, input }) => updateOrganization(ctx.actor, input.orgId, input.body)),
  teams: protectedProcedure.input(ZOrgRef).query(({ ctx, input }) => listOrganizationTeams(ctx.actor, input.orgId)),
  createTeam: protectedProcedure
    .input(ZOrgRef.extend({ body: ZCreateTeamInput }))
    .mutation(({ ctx, input }) => createOrganizationTeam(ctx.actor, input.orgId, input.body)),
  // The organization's booking list itself is bookings.list with orgId (the tabs and pages of /bookings).
  bookingFilterOptions: protectedProcedure.input(ZOrgRef).query(({ ctx, input }) => listOrganizationBookingFilterOptions(ctx.actor, input.orgId)),
  // POST /v2/organizations/{orgId}/users' body and use case: an account in the organization, mailed a set-password link.
  createUser: protectedProcedure
    .input(ZOrgRef.extend({ body: ZCreateOrgUserInput }))
    .mutation(({ ctx, input }) => createOrgUser(ctx.actor, input.orgId, input.body)),
  movableTeams: protectedProcedure.query(({ ctx }) => listMovableTeams(ctx.actor)),
  moveTeam: protectedProcedure
    .input(ZOrgRef.extend({ teamId: ZIdField }))
    .mutation(({ ctx, input }) => moveTeamIntoOrganization(ctx.actor, input.orgId, input.teamId)),
  // The instance admin's page (/settings/admin/organizations); the services refuse anyone else.
  adminList: protectedProcedure.query(({ ctx }) => listAllOrganizations(ctx.actor)),
  adminCreate: protectedProcedure.input(ZCreateOrganizationInput).mutation(({ ctx, input }) => createOrganization(ctx.actor, input)),
  adminRequests: protectedProcedure.query(({ ctx }) => listOrganizationRequestsForReview(ctx.actor)),
  adminReview: protectedProcedure.input(ZReviewOrganizationRequestInput).mutation(({ ctx, input }) => reviewOrganizationRequest(ctx.actor, input)),
});
