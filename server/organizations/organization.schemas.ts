/** Organization shapes: creation (an admin, the CLI, an accepted request), the profile, requests and their review. */
import { z } from "zod";
import { ZIdParam } from "../http/ids";
import { ZTeamSlug } from "../teams/team.schemas";
import { ZEmail } from "../users/user.schemas";

export const ZOrgIdParams = z.object({ orgId: ZIdParam });

const ZOrgName = z.string().trim().min(1, "Enter the organization's name").max(100, "The name can be at most 100 characters long");

export const ZCreateOrganizationInput = z.object({ name: ZOrgName, slug: ZTeamSlug, ownerEmail: ZEmail }).strict();
export type TCreateOrganizationInput = z.input<typeof ZCreateOrganizationInput>;

export const ZUpdateOrganizationInput = z
  .object({
    name: ZOrgName,
    slug: ZTeamSlug,
    bio: z.string().trim().max(1000, "The bio can be at most 1000 characters long").nullable(),
    logoUrl: z
      .url({ protocol: /^https?$/, message: "The logo must be a web address starting with https:// or http://" })
      .max(2048)
      .nullable(),
  })
  .partial()
  .strict()
  .refine((value) => Object.keys(value).length > 0, "Send at least one field to change");
export type TUpdateOrganizationInput = z.input<typeof ZUpdateOrganizationInput>;

/** /settings/organizations/new: what a user asks for. */
export const ZRequestOrganizationInput = z.object({ name: ZOrgName, slug: ZTeamSlug }).strict();
export type TRequestOrganizationInput = z.input<typeof ZRequestOrganizationInput>;

export const ZReviewOrganizationRequestInput = z.discriminatedUnion("decision", [
  z.object({ requestId: z.number().int().positive(), decision: z.literal("ACCEPT") }),
  z.object({ requestId: z.number().int().positive(), decision: z.literal("REJECT"), reason: z.string().trim().min(1, "Give a reason").max(1000) }),
]);
export type TReviewOrganizationRequestInput = z.infer<typeof ZReviewOrganizationRequestInput>;
