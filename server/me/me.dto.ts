/** The /v2/me shape: the peer API's MeOutput, plus locale and the caller's memberships. */
import { z } from "zod";
import { optionalField } from "../http/optional-field";

export const ME_SELECT = {
  id: true,
  username: true,
  email: true,
  name: true,
  avatarUrl: true,
  bio: true,
  timeFormat: true,
  defaultScheduleId: true,
  weekStart: true,
  timeZone: true,
  locale: true,
  memberships: {
    select: {
      role: true,
      accepted: true,
      team: { select: { id: true, name: true, slug: true, isOrganization: true, parentId: true } },
    },
    orderBy: { teamId: "asc" },
  },
} as const;

export const ZMeOutput = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  bio: z.string().nullable(),
  timeFormat: z.number().int(),
  defaultScheduleId: z.number().int().nullable(),
  weekStart: z.string(),
  timeZone: z.string(),
  locale: z.string(),
  organizationId: z.number().int().nullable(),
  organization: z
    .object({ id: z.number().int(), name: z.string(), slug: z.string(), isPlatform: z.boolean(), role: z.string() })
    .optional()
    .describe("Left out when the user belongs to no organization"),
  teams: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      slug: z.string(),
      role: z.string(),
      accepted: z.boolean(),
      organizationId: z.number().int().nullable(),
    }),
  ),
});
export type TMeOutput = z.infer<typeof ZMeOutput>;

export type MeRow = {
  [K in Exclude<keyof typeof ME_SELECT, "memberships">]: unknown;
} & {
  memberships: { role: string; accepted: boolean; team: { id: number; name: string; slug: string; isOrganization: boolean; parentId: number | null } }[];
};

export function toMeOutput(row: MeRow): TMeOutput {
  const org = row.memberships.find((membership) => membership.team.isOrganization && membership.accepted);
  const { memberships, ...profile } = row;
  return {
    ...(profile as Omit<TMeOutput, "organizationId" | "organization" | "teams">),
    organizationId: org?.team.id ?? null,
    ...optionalField("organization", org && { id: org.team.id, name: org.team.name, slug: org.team.slug, isPlatform: false, role: org.role }),
    teams: memberships
      .filter((membership) => !membership.team.isOrganization)
      .map(({ team, role, accepted }) => ({ id: team.id, name: team.name, slug: team.slug, role, accepted, organizationId: team.parentId })),
  };
}
