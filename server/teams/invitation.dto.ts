/** An invitation as the API and the site show it: never its token, which only the invitee's mail holds. */
import { z } from "zod";

export const INVITATION_SELECT = { id: true, teamId: true, email: true, userId: true, role: true, expiresAt: true, declinedAt: true, createdAt: true } as const;

/** POST /v2/teams/{teamId}/invite's answer: an invitation by e-mail. */
export const ZInvitationOutput = z.object({
  id: z.number().int(),
  teamId: z.number().int(),
  email: z.string(),
  role: z.enum(["OWNER", "ADMIN", "MEMBER"]),
  expiresAt: z.string().describe("ISO 8601; the link stops working then"),
  createdAt: z.string(),
});
export type TInvitationOutput = z.infer<typeof ZInvitationOutput>;

/** An e-mail invitation as its creator gets it once: with the secret link (the peer's CreateInviteOutputDto fields). */
export const ZInvitationWithLinkOutput = ZInvitationOutput.extend({
  token: z.string().describe("The invitation's secret, shown once: only its hash is stored"),
  inviteLink: z.string().describe("The page where the invited account accepts or declines"),
});

type InvitationRow = {
  id: number;
  teamId: number;
  email: string | null;
  userId: number | null;
  role: TInvitationOutput["role"];
  expiresAt: Date;
  declinedAt: Date | null;
  createdAt: Date;
};

export const toInvitationOutput = (row: Omit<InvitationRow, "email"> & { email: string }): TInvitationOutput => ({
  id: row.id,
  teamId: row.teamId,
  email: row.email,
  role: row.role,
  expiresAt: row.expiresAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
});

/**
 * The team's list of invitations (the site): one by user id shows that id only — the inviter supplied it, and the
 * account's address or name is not theirs to read until the user accepts.
 */
export const toInvitationListing = (row: InvitationRow) => ({
  ...toInvitationOutput({ ...row, email: row.email ?? "" }),
  email: row.email,
  userId: row.userId,
  isDeclined: row.declinedAt !== null,
});
export type TInvitationListing = ReturnType<typeof toInvitationListing>;
