/** An organization's user as the peer shows it (GetOrgUsersWithProfileOutput), from what Convene stores. */
import { z } from "zod";

export const ORG_USER_SELECT = (orgId: number) =>
  ({
    id: true,
    username: true,
    name: true,
    email: true,
    bio: true,
    avatarUrl: true,
    timeZone: true,
    weekStart: true,
    defaultScheduleId: true,
    locale: true,
    timeFormat: true,
    metadata: true,
    createdAt: true,
    createdInOrganizationId: true,
    memberships: { where: { teamId: orgId }, select: { id: true, role: true, accepted: true }, take: 1 },
  }) as const;

type OrgUserRow = {
  id: number;
  username: string;
  name: string;
  email: string;
  bio: string | null;
  avatarUrl: string | null;
  timeZone: string;
  weekStart: string;
  defaultScheduleId: number | null;
  locale: string;
  timeFormat: number;
  metadata: unknown;
  createdAt: Date;
  createdInOrganizationId: number | null;
  memberships: { id: number; role: string; accepted: boolean }[];
};

export const ZOrgUserOutput = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z
    .string()
    .describe(
      "When the address was verified (ISO 8601): the account's creation, as Convene keeps no unverified addresses (an e-mail change is confirmed through a mailed link)",
    ),
  bio: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  timeZone: z.string(),
  weekStart: z.string(),
  defaultScheduleId: z.number().int().nullable(),
  locale: z.string(),
  timeFormat: z.number().int(),
  hideBranding: z.boolean(),
  createdDate: z.string().describe("When the account was created (ISO 8601)"),
  verified: z.boolean(),
  metadata: z.record(z.string(), z.unknown()),
  profile: z
    .object({
      id: z.number().int().describe("The organization membership's id"),
      userId: z.number().int(),
      organizationId: z.number().int(),
      username: z.string().describe("The same as the user's: usernames are unique across the instance"),
      role: z.enum(["OWNER", "ADMIN", "MEMBER"]),
      createdInOrganization: z.boolean().describe("true: the organization created the account and manages it; false: the user joined by invitation"),
    })
    .describe("The user's organization profile"),
});
export type TOrgUserOutput = z.infer<typeof ZOrgUserOutput>;

export function toOrgUserOutput({ memberships, createdAt, createdInOrganizationId, metadata, ...user }: OrgUserRow, orgId: number): TOrgUserOutput {
  const membership = memberships[0];
  return {
    ...user,
    emailVerified: createdAt.toISOString(),
    hideBranding: false,
    createdDate: createdAt.toISOString(),
    verified: true,
    metadata: (metadata ?? {}) as Record<string, unknown>,
    profile: {
      id: membership?.id ?? 0,
      userId: user.id,
      organizationId: orgId,
      username: user.username,
      role: (membership?.role ?? "MEMBER") as "OWNER" | "ADMIN" | "MEMBER",
      createdInOrganization: createdInOrganizationId === orgId,
    },
  };
}
