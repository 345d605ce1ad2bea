/** The team and membership outputs: the peer's TeamOutputDto / TeamMembershipOutput, as far as Convene stores them. */
import { z } from "zod";

export const TEAM_SELECT = {
  id: true,
  parentId: true,
  name: true,
  slug: true,
  logoUrl: true,
  bio: true,
  isOrganization: true,
  metadata: true,
  timeZone: true,
  weekStart: true,
  parent: { select: { id: true, name: true, slug: true, isOrganization: true } },
} as const;

export const ZTeamOutput = z.object({
  id: z.number().int(),
  parentId: z.number().int().optional().describe("The organization's id; left out for a team outside any, as the peer does"),
  name: z.string(),
  slug: z.string(),
  logoUrl: z.string().optional().describe("Left out when not set"),
  bio: z.string().optional().describe("Left out when not set"),
  isOrganization: z.boolean(),
  metadata: z.record(z.string(), z.unknown()),
  timeZone: z.string(),
  weekStart: z.string(),
  organization: z
    .object({ id: z.number().int(), name: z.string(), slug: z.string() })
    .nullable()
    .describe("The organization the team belongs to; null for a team outside any"),
});
export type TTeamOutput = z.infer<typeof ZTeamOutput>;

type TeamRow = Omit<TTeamOutput, "organization" | "metadata" | "parentId" | "logoUrl" | "bio"> & {
  parentId: number | null;
  logoUrl: string | null;
  bio: string | null;
  metadata: unknown;
  parent: { id: number; name: string; slug: string; isOrganization: boolean } | null;
};

/** Unset optional fields are left out rather than null: the peer's schema types them as plain strings and numbers. */
export function toTeamOutput({ parent, metadata, parentId, logoUrl, bio, ...team }: TeamRow): TTeamOutput {
  return {
    ...team,
    ...(parentId === null ? {} : { parentId }),
    ...(logoUrl === null ? {} : { logoUrl }),
    ...(bio === null ? {} : { bio }),
    metadata: (metadata ?? {}) as Record<string, unknown>,
    organization: parent?.isOrganization ? { id: parent.id, name: parent.name, slug: parent.slug } : null,
  };
}

export const MEMBERSHIP_SELECT = {
  id: true,
  userId: true,
  teamId: true,
  accepted: true,
  role: true,
  user: { select: { email: true, name: true, username: true, avatarUrl: true } },
} as const;

export const ZMembershipOutput = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  teamId: z.number().int(),
  accepted: z.boolean().describe("false: invited, not yet accepted by the user; such a membership grants nothing"),
  role: z.enum(["OWNER", "ADMIN", "MEMBER"]),
  user: z
    .object({
      email: z.string().describe("Empty while the membership is not accepted"),
      name: z.string().optional(),
      username: z.string().optional(),
      avatarUrl: z.string().optional().describe("Left out when not set"),
    })
    .describe("The member's profile once they accepted; until then only what the inviter supplied (userId) is shown"),
  invitation: z
    .object({
      status: z.literal("pending").describe("The user has yet to accept; until then the membership grants nothing"),
      acceptedRequested: z.boolean().describe("The request asked for accepted: true, which only the user can give: it was read as this invitation"),
      message: z.string(),
    })
    .optional()
    .describe("Only in the answer to a create that invited someone: what happens next"),
});
export type TMembershipOutput = z.infer<typeof ZMembershipOutput>;

type MembershipRow = Omit<TMembershipOutput, "user"> & { user: { email: string; name: string; username: string; avatarUrl: string | null } };

/**
 * A membership not accepted shows no profile: adding someone is only an invitation, and being invited must not let
 * the inviter read who an id belongs to (an outsider could otherwise walk the ids). pending-membership.ts answers
 * for open invitations by id in the same shape.
 */
export const pendingMembershipOutput = (row: Omit<TMembershipOutput, "user" | "accepted">): TMembershipOutput => ({
  id: row.id,
  userId: row.userId,
  teamId: row.teamId,
  accepted: false,
  role: row.role,
  user: { email: "" },
});

/** The answer to a create that invited someone (`acceptedRequested`: it asked for accepted: true). */
export const withInvitationNote = (output: TMembershipOutput, acceptedRequested: boolean): TMembershipOutput => ({
  ...output,
  invitation: {
    status: "pending",
    acceptedRequested,
    message: `${acceptedRequested ? "Only the user can accept a membership, so accepted: true was read as an invitation. " : ""}The user is invited by e-mail and becomes a member when they accept; until then this membership is pending (accepted: false) and grants nothing.`,
  },
});

export function toMembershipOutput({ user: { avatarUrl, ...user }, ...membership }: MembershipRow): TMembershipOutput {
  if (!membership.accepted) return pendingMembershipOutput(membership);
  return { ...membership, user: { ...user, ...(avatarUrl === null ? {} : { avatarUrl }) } };
}
