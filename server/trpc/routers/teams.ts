/**
 * Teams in the site: the /v2 team use cases behind the session. The use cases check the team permission themselves
 * (requirePermission: 404 for a non-member, 403 naming the roles), so the site and the API cannot disagree about who
 * may do what, and a procedure has nothing to remember.
 */
import { z } from "zod";
import { ZIdField } from "../../http/ids";
import { acceptInvitation, declineInvitation } from "../../teams/invitation-accept";
import { ZInviteInput, ZTeamInvitationRef, ZTeamRole } from "../../teams/invitation.schemas";
import { inviteToTeam, listPendingInvitations, revokeInvitation } from "../../teams/invitation.service";
import { deleteMembership, listMemberships, updateMembership } from "../../teams/membership.service";
import { ZCreateTeamInput, ZUpdateTeamInput } from "../../teams/team.schemas";
import { createTeam, deleteTeam, listTeams, updateTeam } from "../../teams/team.service";
import { protectedProcedure, router } from "../init";

const ZTeamRef = z.object({ teamId: ZIdField }).strict();
const ZInvitationAnswer = z.object({ token: z.string().max(200) }).strict();
const ZMembershipRef = z.object({ teamId: ZIdField, membershipId: ZIdField }).strict();

/** Far more than one person's teams or one team's members on a settings page. */
const ALL = { take: 500, skip: 0 };

export const teamsRouter = router({
  list: protectedProcedure.query(async ({ ctx }) => (await listTeams(ctx.actor, ALL)).items),
  create: protectedProcedure.input(ZCreateTeamInput).mutation(({ ctx, input }) => createTeam(ctx.actor, input)),
  update: protectedProcedure
    .input(z.object({ teamId: ZIdField, body: ZUpdateTeamInput }).strict())
    .mutation(({ ctx, input }) => updateTeam(ctx.actor, input.teamId, input.body)),
  delete: protectedProcedure.input(ZTeamRef).mutation(({ ctx, input }) => deleteTeam(ctx.actor, input.teamId)),
  members: protectedProcedure.input(ZTeamRef).query(async ({ ctx, input }) => {
    // Pending ones (invitations by id) are listed with the team's invitations.
    return (await listMemberships(ctx.actor, input.teamId, ALL, { pending: false })).items;
  }),
  changeRole: protectedProcedure
    .input(ZMembershipRef.extend({ role: ZTeamRole }))
    .mutation(({ ctx, input }) => updateMembership(ctx.actor, input.teamId, input.membershipId, { role: input.role })),
  removeMember: protectedProcedure.input(ZMembershipRef).mutation(({ ctx, input }) => deleteMembership(ctx.actor, input.teamId, input.membershipId)),
  invite: protectedProcedure.input(ZTeamRef.extend(ZInviteInput.shape)).mutation(async ({ ctx, input }) => {
    const { teamId, ...invitation } = input;
    return inviteToTeam(ctx.actor, teamId, invitation);
  }),
  invitations: protectedProcedure.input(ZTeamRef).query(async ({ ctx, input }) => {
    const now = Date.now();
    // Judged here, on the server's clock, so the page need not compare dates while rendering.
    return (await listPendingInvitations(ctx.actor, input.teamId)).map((invitation) => ({ ...invitation, isExpired: Date.parse(invitation.expiresAt) <= now }));
  }),
  revokeInvitation: protectedProcedure.input(ZTeamInvitationRef).mutation(({ ctx, input }) => revokeInvitation(ctx.actor, input.teamId, input.invitationId)),
  acceptInvitation: protectedProcedure.input(ZInvitationAnswer).mutation(({ ctx, input }) => acceptInvitation(ctx.actor, input.token)),
  declineInvitation: protectedProcedure.input(ZInvitationAnswer).mutation(({ ctx, input }) => declineInvitation(ctx.actor, input.token)),
});
