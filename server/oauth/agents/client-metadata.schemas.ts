/**
 * The client metadata an agent presents, in RFC 7591's names: as its Client ID Metadata Document or as a dynamic
 * registration's body. Unknown fields are ignored, as RFC 7591 §2 asks; what Convene cannot honour is refused by name.
 */
import { z } from "zod";
import { MAX_REDIRECT_URIS, ZRedirectUri } from "../oauth-client.schemas";

const ZHttpsUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => URL.canParse(value) && new URL(value).protocol === "https:", "must be an https URL");

export const ZClientMetadata = z.object({
  client_name: z.string().trim().min(1, "client_name is required").max(100),
  redirect_uris: z
    .array(ZRedirectUri)
    .min(1, "redirect_uris needs at least one redirect URI")
    .max(MAX_REDIRECT_URIS, `At most ${MAX_REDIRECT_URIS} redirect URIs`),
  client_uri: ZHttpsUrl.optional(),
  logo_uri: ZHttpsUrl.optional(),
  scope: z.string().max(2000).optional(),
  grant_types: z
    .array(z.string())
    .optional()
    .refine(
      (types) => !types || types.every((type) => type === "authorization_code" || type === "refresh_token"),
      "only authorization_code and refresh_token are supported",
    ),
  response_types: z
    .array(z.string())
    .optional()
    .refine((types) => !types || types.every((type) => type === "code"), "only the code response type is supported"),
  token_endpoint_auth_method: z.enum(["none", "client_secret_basic", "client_secret_post"]).optional(),
});
export type TClientMetadata = z.output<typeof ZClientMetadata>;

/** The client's name and links as a developer's client stores them: the website is client_uri, else the client's own host. */
export function clientFields(metadata: TClientMetadata, fallbackWebsite: string) {
  return {
    name: metadata.client_name,
    websiteUrl: metadata.client_uri ?? fallbackWebsite,
    logoUrl: metadata.logo_uri ?? null,
    redirectUris: [...new Set(metadata.redirect_uris)],
    purpose: "An AI agent or MCP client that identified itself to Convene (not registered by a developer on this instance).",
  };
}
