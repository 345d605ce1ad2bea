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
  parentId: z.number().int().nullable(),
  name: z.string(),
  slug: z.string(),
  logoUrl: z.string().nullable(),
  bio: z.string().nullable(),
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

type TeamRow = Omit<TTeamOutput, "organization" | "metadata"> & {
  metadata: unknown;
  parent: { id: number; name: string; slug: string; isOrganization: boolean } | null;
};

export function toTeamOutput({ parent, metadata, ...team }: TeamRow): TTeamOutput {
  return {
    ...team,
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
  accepted: z.boolean(),
  role: z.enum(["OWNER", "ADMIN", "MEMBER"]),
  user: z.object({ email: z.string(), name: z.string(), username: z.string(), avatarUrl: z.string().nullable() }),
});
export type TMembershipOutput = z.infer<typeof ZMembershipOutput>;
