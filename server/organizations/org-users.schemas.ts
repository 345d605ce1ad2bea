/** Organization users (peer: GetOrganizationUsersInput, CreateOrganizationUserInput, UpdateOrganizationUserInput). */
import { z } from "zod";
import { MAX_DB_INT, ZDecimalIntParam, ZIdParam } from "../http/ids";
import { TEAM_ROLES } from "../auth/permissions";
import { ZTimeZone } from "../time/time-zones";
import { WEEK_STARTS, ZEmail, ZUsername } from "../users/user.schemas";

export const ZOrgUserParams = z.object({ orgId: ZIdParam, userId: ZIdParam });

/** `a,b` or `?x=a&x=b` (or both) → `["a", "b"]`, blanks dropped. */
const commaList = (value: string | string[]) =>
  (Array.isArray(value) ? value : [value])
    .flatMap((item) => item.split(","))
    .map((item) => item.trim())
    .filter(Boolean);

const ZEmailList = z
  .union([z.string(), z.array(z.string())])
  .transform((value, ctx) => {
    const emails = commaList(value).map((item) => ZEmail.safeParse(item));
    if (emails.some((email) => !email.success)) ctx.addIssue({ code: "custom", message: "emails must be e-mail addresses, comma-separated or repeated" });
    return [...new Set(emails.flatMap((email) => (email.success ? [email.data] : [])))];
  })
  .refine((emails) => emails.length <= 1000, "At most 1000 emails")
  .meta({ type: "array", items: { type: "string", format: "email" } });

export const ZIdList = z
  .union([z.string(), z.array(z.string())])
  .transform((value, ctx) => {
    const ids = commaList(value).map((item) => ZIdParam.safeParse(item));
    if (ids.some((id) => !id.success)) ctx.addIssue({ code: "custom", message: "teamIds must be positive integer ids, comma-separated or repeated" });
    return [...new Set(ids.flatMap((id) => (id.success ? [id.data] : [])))];
  })
  .meta({ type: "array", items: { type: "integer", minimum: 1, maximum: MAX_DB_INT } });

/** Convene keeps no member attributes: filtering on their options is refused rather than silently matching everyone. */
const ZNoAttributes = z
  .union([z.string(), z.array(z.string())])
  .refine((value) => commaList(value).length === 0, "Convene has no member attributes: assignedOptionIds cannot match anything; leave it out");

export const ZListOrgUsersQuery = z.object({
  take: ZDecimalIntParam({ min: 1, max: 1000 }).default(250).describe("Users per page, at most 1000"),
  skip: ZDecimalIntParam({ min: 0 }).default(0).describe("Users to skip"),
  emails: ZEmailList.optional().describe("Only the members with these e-mail addresses"),
  teamIds: ZIdList.optional().describe("Only the members of any of these teams of the organization"),
  assignedOptionIds: ZNoAttributes.optional().describe("Member attributes are not supported: must be empty"),
  attributeQueryOperator: z.enum(["OR", "AND", "NONE"]).optional().describe("Accepted for the peer's clients; without attributes it changes nothing"),
});
export type TListOrgUsersQuery = z.infer<typeof ZListOrgUsersQuery>;

const ZOrgRole = z.enum(TEAM_ROLES as ["OWNER", "ADMIN", "MEMBER"], { message: `organizationRole is one of ${TEAM_ROLES.join(", ")}` });

const profileFields = {
  username: ZUsername,
  name: z.string().trim().min(1, "Enter the person's name").max(100, "The name can be at most 100 characters long"),
  bio: z.string().trim().max(1000, "The bio can be at most 1000 characters long"),
  timeZone: ZTimeZone,
  weekStart: z.enum(WEEK_STARTS, { message: `weekStart must be one of ${WEEK_STARTS.join(", ")}` }),
  timeFormat: z.union([z.literal(12), z.literal(24)], { message: "timeFormat is 12 or 24" }),
  locale: z.string().trim().min(2).max(10),
  avatarUrl: z.url({ protocol: /^https?$/, message: "avatarUrl must be an http(s) URL" }).max(2048),
};

export const ZCreateOrgUserInput = z
  .object({
    email: ZEmail,
    ...profileFields,
    organizationRole: ZOrgRole.default("MEMBER"),
    autoAccept: z.literal(true, { message: "A user created in the organization is its member at once: autoAccept can only be true" }).optional(),
  })
  .partial({ username: true, name: true, bio: true, timeZone: true, weekStart: true, timeFormat: true, locale: true, avatarUrl: true })
  .strict();
export type TCreateOrgUserInput = z.input<typeof ZCreateOrgUserInput>;

export const ZUpdateOrgUserInput = z
  .object({ email: ZEmail, ...profileFields })
  .partial()
  .strict()
  .refine((value) => Object.keys(value).length > 0, "Send at least one field to change");
export type TUpdateOrgUserInput = z.input<typeof ZUpdateOrgUserInput>;
