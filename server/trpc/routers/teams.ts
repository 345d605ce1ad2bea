/**
 * Teams in the site: the /v2 team use cases behind the session. Each procedure on a team runs the access check its
 * /v2 route declares (authorizeTeam with that route's declaration: 404 for a non-member, 403 naming the roles), so
 * the site and the API cannot disagree about who may do what; the services keep their own rules (owners, last owner).
 */
import { z } from "zod";
import { authorizeTeam } from "../../http/api-route";
import { ZIdField } from "../../http/ids";
import { acceptInvitation, declineInvitation } from "../../teams/invitation-accept";
import { ZInviteInput, ZTeamInvitationRef, ZTeamRole } from "../../teams/invitation.schemas";
import { inviteToTeam, listPendingInvitations, revokeInvitation } from "../../teams/invitation.service";
import { deleteMembership, listMemberships, updateMembership } from "../../teams/membership.service";
import { ZCreateTeamInput } from "../../teams/team.schemas";
import { createTeam, listTeams } from "../../teams/team.service";
import { deleteMembershipRoute, inviteToTeamRoute, listMembershipsRoute, updateMembershipRoute } from "../../teams/teams.routes";
import { protectedProcedure, router } from "../init";

const ZTeamRef = z.object({ teamId: ZIdField }).strict();
const ZInvitationAnswer = z.object({ token: z.string().max(200) }).strict();
const ZMembershipRef = z.object({ teamId: ZIdField, membershipId: ZIdField }).strict();

/** Far more than one person's teams or one team's members on a settings page. */
const ALL = { take: 500, skip: 0 };

export const teamsRouter = router({
  list: protectedProcedure.query(async ({ ctx }) => (await listTeams(ctx.actor, ALL)).items),
  create: protectedProcedure.input(ZCreateTeamInput).mutation(({ ctx, input }) => createTeam(ctx.actor, input)),
  members: protectedProcedure.input(ZTeamRef).query(async ({ ctx, input }) => {
    await authorizeTeam(ctx.actor, listMembershipsRoute, input);
    // Pending ones (invitations by id) are listed with the team's invitations.
    return (await listMemberships(ctx.actor, input.teamId, ALL, { pending: false })).items;
  }),
  changeRole: protectedProcedure.input(ZMembershipRef.extend({ role: ZTeamRole })).mutation(async ({ ctx, input }) => {
    await authorizeTeam(ctx.actor, updateMembershipRoute, input);
    return updateMembership(ctx.actor, input.teamId, input.membershipId, { role: input.role });
  }),
  removeMember: protectedProcedure.input(ZMembershipRef).mutation(async ({ ctx, input }) => {
    await authorizeTeam(ctx.actor, deleteMembershipRoute, input);
    return deleteMembership(ctx.actor, input.teamId, input.membershipId);
  }),
  invite: protectedProcedure.input(ZTeamRef.extend(ZInviteInput.shape)).mutation(async ({ ctx, input }) => {
    const { teamId, ...invitation } = input;
    await authorizeTeam(ctx.actor, inviteToTeamRoute, { teamId });
    return inviteToTeam(ctx.actor, teamId, invitation);
  }),
  invitations: protectedProcedure.input(ZTeamRef).query(async ({ ctx, input }) => {
    await authorizeTeam(ctx.actor, inviteToTeamRoute, input);
    const now = Date.now();
    // Judged here, on the server's clock, so the page need not compare dates while rendering.
    return (await listPendingInvitations(ctx.actor, input.teamId)).map((invitation) => ({ ...invitation, isExpired: Date.parse(invitation.expiresAt) <= now }));
  }),
  revokeInvitation: protectedProcedure.input(ZTeamInvitationRef).mutation(async ({ ctx, input }) => {
    await authorizeTeam(ctx.actor, inviteToTeamRoute, input);
    return revokeInvitation(ctx.actor, input.teamId, input.invitationId);
  }),
  acceptInvitation: protectedProcedure.input(ZInvitationAnswer).mutation(({ ctx, input }) => acceptInvitation(ctx.actor, input.token)),
  declineInvitation: protectedProcedure.input(ZInvitationAnswer).mutation(({ ctx, input }) => declineInvitation(ctx.actor, input.token)),
});
