/** An invitation as the API and the site show it: never its token, which only the invitee's mail holds. */
import { z } from "zod";

export const INVITATION_SELECT = { id: true, teamId: true, email: true, role: true, expiresAt: true, createdAt: true } as const;

export const ZInvitationOutput = z.object({
  id: z.number().int(),
  teamId: z.number().int(),
  email: z.string(),
  role: z.enum(["OWNER", "ADMIN", "MEMBER"]),
  expiresAt: z.string().describe("ISO 8601; the link stops working then"),
  createdAt: z.string(),
});
export type TInvitationOutput = z.infer<typeof ZInvitationOutput>;

type InvitationRow = Omit<TInvitationOutput, "expiresAt" | "createdAt"> & { expiresAt: Date; createdAt: Date };

export const toInvitationOutput = (row: InvitationRow): TInvitationOutput => ({
  id: row.id,
  teamId: row.teamId,
  email: row.email,
  role: row.role,
  expiresAt: row.expiresAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
});
