/** Team invitations: the invite body (peer: InviteTeamMemberInput's email and role) and the token from the link. */
import { z } from "zod";
import { ZIdField } from "../http/ids";
import { TEAM_ROLES } from "../auth/permissions";
import { ZEmail } from "../users/user.schemas";

export const ZTeamRole = z.enum(TEAM_ROLES as ["OWNER", "ADMIN", "MEMBER"], { message: `role is one of ${TEAM_ROLES.join(", ")}` });

export const ZInviteInput = z.object({ email: ZEmail, role: ZTeamRole.default("MEMBER") }).strict();
export type TInviteInput = z.input<typeof ZInviteInput>;

/** What a link can carry; anything else is simply an unknown invitation. */
export const ZInvitationToken = z
  .string()
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/);

export const ZTeamInvitationRef = z.object({ teamId: ZIdField, invitationId: ZIdField }).strict();
