import { z } from "zod";
import { ZIdField } from "../http/ids";

export const ZCreateApiKeyInput = z.object({
  name: z.string().trim().min(1, "Name is required").max(100, "Name is at most 100 characters"),
  expiresAt: z.coerce
    .date()
    .refine((date) => date.getTime() > Date.now(), "Expiry must be in the future")
    .nullish(),
});
export type TCreateApiKeyInput = z.input<typeof ZCreateApiKeyInput>;

export const ZRevokeApiKeyInput = z.object({ id: ZIdField });

/** The site's refresh: the key to replace and the new one's expiry (none: no expiry). */
export const ZRefreshApiKeyInput = z.object({ id: ZIdField, expiresAt: ZCreateApiKeyInput.shape.expiresAt });
export type TRefreshApiKeyInput = z.input<typeof ZRefreshApiKeyInput>;

/** The peer's default validity of a refreshed key, when the request names none (its RefreshApiKeyInput). */
export const DEFAULT_REFRESHED_KEY_DAYS = 30;

/** POST /v2/api-keys/refresh, the peer's RefreshApiKeyInput: the new key's validity in days, or no expiry. */
export const ZApiRefreshApiKeyInput = z
  .object({
    apiKeyDaysValid: z
      .number()
      .int("apiKeyDaysValid is a whole number of days")
      .min(1, "apiKeyDaysValid is at least 1")
      .max(3650, "apiKeyDaysValid is at most 3650 (ten years)")
      .optional()
      .describe(`Days the new key is valid (default ${DEFAULT_REFRESHED_KEY_DAYS}, as the peer's)`),
    apiKeyNeverExpires: z.boolean().optional().describe("true: the new key never expires (then send no apiKeyDaysValid)"),
  })
  .strict()
  .refine((body) => !(body.apiKeyNeverExpires && body.apiKeyDaysValid !== undefined), {
    path: ["apiKeyNeverExpires"],
    message: "Send apiKeyNeverExpires: true or apiKeyDaysValid, not both",
  });
export type TApiRefreshApiKeyInput = z.output<typeof ZApiRefreshApiKeyInput>;

/** When a key refreshed with `body` expires (null: never), counted from `now`. */
export const refreshedKeyExpiry = (body: TApiRefreshApiKeyInput, now = new Date()): Date | null =>
  body.apiKeyNeverExpires ? null : new Date(now.getTime() + (body.apiKeyDaysValid ?? DEFAULT_REFRESHED_KEY_DAYS) * 86_400_000);
