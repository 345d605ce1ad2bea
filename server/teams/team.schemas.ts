/** Team and membership shapes (peer: CreateTeamInput, UpdateOrgTeamDto, CreateTeamMembershipInput, UpdateTeamMembershipInput). */
import { z } from "zod";
import { ZIdField, ZIdParam } from "../http/ids";
import { ZPaginationQuery } from "../http/pagination";
import { TEAM_ROLES } from "../auth/permissions";
import { ZTimeZone } from "../time/time-zones";
import { WEEK_STARTS } from "../users/user.schemas";

export const ZTeamIdParams = z.object({ teamId: ZIdParam });

export const ZTeamSlug = z
  .string()
  .min(1, "slug must not be empty")
  .max(64, "slug is at most 64 characters")
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "slug is lowercase letters, digits and single hyphens");

const teamFields = {
  name: z.string().trim().min(1, "name must not be empty").max(100, "name is at most 100 characters"),
  slug: ZTeamSlug,
  logoUrl: z
    .url({ protocol: /^https?$/, message: "logoUrl must be an http(s) URL" })
    .max(2048)
    .nullable(),
  bio: z.string().trim().max(1000, "bio is at most 1000 characters").nullable(),
  timeZone: ZTimeZone,
  weekStart: z.enum(WEEK_STARTS, { message: `weekStart must be one of ${WEEK_STARTS.join(", ")}` }),
  metadata: z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
    .refine((value) => Object.keys(value).length <= 50, "metadata has at most 50 keys"),
};

export const ZCreateTeamInput = z
  .object(teamFields)
  .partial({ slug: true, logoUrl: true, bio: true, timeZone: true, weekStart: true, metadata: true })
  .strict();
export type TCreateTeamInput = z.input<typeof ZCreateTeamInput>;

export const ZUpdateTeamInput = z
  .object(teamFields)
  .partial()
  .strict()
  .refine((value) => Object.keys(value).length > 0, "Send at least one field to change");
export type TUpdateTeamInput = z.input<typeof ZUpdateTeamInput>;

export const ZListTeamsQuery = ZPaginationQuery;

const ZRole = z.enum(TEAM_ROLES as ["OWNER", "ADMIN", "MEMBER"], { message: `role is one of ${TEAM_ROLES.join(", ")}` });

/** Membership is consent (membership-consent.ts): only the user sets accepted: true; for anyone else it is a 400. */
const ZAccepted = z.boolean().describe("true only for yourself: anyone else becomes a member by accepting the invitation mailed to them (else 400)");

export const ZCreateMembershipInput = z.object({ userId: ZIdField, accepted: ZAccepted.default(false), role: ZRole.default("MEMBER") }).strict();
export type TCreateMembershipInput = z.input<typeof ZCreateMembershipInput>;

export const ZUpdateMembershipInput = z
  .object({ accepted: ZAccepted, role: ZRole })
  .partial()
  .strict()
  .refine((value) => Object.keys(value).length > 0, "Send accepted or role");
export type TUpdateMembershipInput = z.input<typeof ZUpdateMembershipInput>;

export const ZListMembershipsQuery = ZPaginationQuery;
