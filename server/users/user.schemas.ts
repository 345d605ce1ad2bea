import { z } from "zod";
import { ZIdField } from "../http/ids";
import { ZTimeZone } from "../time/time-zones";
import { isReservedUsername } from "./reserved-usernames";

export const WEEK_STARTS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
export const LOCALES = [
  "ar",
  "ca",
  "de",
  "es",
  "eu",
  "he",
  "id",
  "ja",
  "lv",
  "pl",
  "ro",
  "sr",
  "th",
  "vi",
  "az",
  "cs",
  "el",
  "es-419",
  "fi",
  "hr",
  "it",
  "km",
  "nl",
  "pt",
  "ru",
  "sv",
  "tr",
  "zh-CN",
  "bg",
  "da",
  "en",
  "et",
  "fr",
  "hu",
  "iw",
  "ko",
  "no",
  "pt-BR",
  "sk",
  "ta",
  "uk",
  "zh-TW",
  "bn",
] as const;

/** Trimmed and lower-cased before the format check, as sign-in does with what it is given. */
export const ZEmail = z.string().trim().toLowerCase().pipe(z.email("Must be a valid e-mail address").max(254));
export const ZUsername = z
  .string()
  .trim()
  .toLowerCase()
  .min(2, "Username is at least 2 characters")
  .max(40, "Username is at most 40 characters")
  .regex(/^[a-z0-9][a-z0-9._-]*$/, "Username may contain letters, digits, dot, dash and underscore")
  .refine((username) => !isReservedUsername(username), "This username is reserved");
/** Pure here (no hashing code), so the site's forms can import the schemas. */
export const MIN_PASSWORD_LENGTH = 8;
export const ZPassword = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Password is at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(200, "Password is at most 200 characters");
export const ZDisplayName = z.string().trim().min(1, "Name is required").max(100, "Name is at most 100 characters");

const MAX_METADATA_KEYS = 50;
const MAX_METADATA_KEY_LENGTH = 40;

/**
 * Free-form metadata, bounded so it cannot become a storage channel. Key lengths are checked here rather
 * than by the record's key schema, whose failure zod reports only as "Invalid key in record".
 */
export const ZMetadata = z
  .record(z.string(), z.union([z.string().max(500, "Metadata values are at most 500 characters"), z.number(), z.boolean()]))
  .superRefine((value, ctx) => {
    const keys = Object.keys(value);
    if (keys.length > MAX_METADATA_KEYS) ctx.addIssue({ code: "custom", message: `Metadata has at most ${MAX_METADATA_KEYS} keys` });
    for (const key of keys.filter((name) => name.length > MAX_METADATA_KEY_LENGTH)) {
      ctx.addIssue({ code: "custom", path: [key], message: `Metadata keys are at most ${MAX_METADATA_KEY_LENGTH} characters` });
    }
  });

export const ZSignUpInput = z.object({
  email: ZEmail,
  password: ZPassword,
  name: ZDisplayName.optional(),
  username: ZUsername.optional(),
  timeZone: ZTimeZone.optional(),
});
export type TSignUpInput = z.input<typeof ZSignUpInput>;

/** The profile's fields as /v2/me takes them; the site's forms pick from the same ones. */
export const PROFILE_FIELDS = {
  email: ZEmail,
  name: ZDisplayName,
  timeFormat: z.union([z.literal(12), z.literal(24)], { message: "timeFormat must be 12 or 24" }),
  defaultScheduleId: ZIdField,
  weekStart: z.enum(WEEK_STARTS, { message: `weekStart must be one of ${WEEK_STARTS.join(", ")}` }),
  timeZone: ZTimeZone,
  locale: z.enum(LOCALES),
  avatarUrl: z.url().max(2048).nullable(),
  bio: z.string().max(1000).nullable(),
  metadata: ZMetadata,
};

export const ZUpdateProfileInput = z.object(PROFILE_FIELDS).partial().strict();
export type TUpdateProfileInput = z.infer<typeof ZUpdateProfileInput>;

/** /settings/profile. The username is the site's to change (the peer's /v2/me has no such field); e-mail goes through a confirmation mail. */
export const ZSiteProfileInput = z
  .object({
    name: PROFILE_FIELDS.name,
    username: ZUsername,
    // An emptied field means no picture, not an invalid URL.
    avatarUrl: z.union([z.literal("").transform(() => null), PROFILE_FIELDS.avatarUrl]),
    bio: z.string().trim().max(1000, "Bio is at most 1000 characters"),
  })
  .strict();
export type TSiteProfileInput = z.input<typeof ZSiteProfileInput>;

/** /settings/general: the same fields, and the same function, as PATCH /v2/me. */
export const ZGeneralSettingsInput = z
  .object({ timeZone: PROFILE_FIELDS.timeZone, weekStart: PROFILE_FIELDS.weekStart, timeFormat: PROFILE_FIELDS.timeFormat, locale: PROFILE_FIELDS.locale })
  .strict();
export type TGeneralSettingsInput = z.input<typeof ZGeneralSettingsInput>;
