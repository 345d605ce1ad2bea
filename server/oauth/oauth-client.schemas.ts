import { z } from "zod";
import { ALL_SCOPES } from "../auth/scopes";
import { ZIdField } from "../http/ids";

export const MAX_REDIRECT_URIS = 10;
/** Active secrets per confidential client (spec, Limits). */
export const MAX_ACTIVE_SECRETS = 2;
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** https, or plain http on a loopback host (a developer's own machine). */
const isSecureWebUrl = (url: URL) => url.protocol === "https:" || (url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname));

/**
 * Absolute, https (plain http only on loopback), no fragment, and already in URI syntax (printable
 * ASCII: no spaces or raw non-ASCII): it is compared by exact string and sent back byte for byte in
 * the Location header of every answer.
 */
export const ZRedirectUri = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: "custom", message: `"${value}" is not an absolute URL` });
      return;
    }
    if (value.includes("#")) ctx.addIssue({ code: "custom", message: "Redirect URIs cannot contain a fragment (#)" });
    if (!/^[\x21-\x7e]+$/.test(value)) {
      ctx.addIssue({ code: "custom", message: "Redirect URIs must be plain ASCII; percent-encode spaces and other characters" });
    }
    if (!isSecureWebUrl(url)) ctx.addIssue({ code: "custom", message: "Redirect URIs must use https (http is allowed only for localhost)" });
  });

/**
 * The website and logo the consent page links and shows: https like redirect URIs, so a client can put
 * neither a javascript: or data: URL nor a plain-http page in front of a user deciding what to allow.
 */
const ZSecureWebUrl = (label: string) =>
  z
    .string()
    .trim()
    .max(2048)
    .superRefine((value, ctx) => {
      if (!URL.canParse(value)) ctx.addIssue({ code: "custom", message: `${label} must be a URL` });
      else if (!isSecureWebUrl(new URL(value))) ctx.addIssue({ code: "custom", message: `${label} must use https (http is allowed only for localhost)` });
    });

export const ZScopeList = z
  .array(z.enum(ALL_SCOPES as [string, ...string[]], { message: "Unknown scope" }))
  .min(1, "Select at least one scope")
  .transform((scopes) => [...new Set(scopes)].sort());

const ZClientFields = z.object({
  name: z.string().trim().min(1, "Name is required").max(100),
  logoUrl: z.union([ZSecureWebUrl("Logo"), z.literal("").transform(() => null), z.null()]).optional(),
  websiteUrl: ZSecureWebUrl("Website"),
  redirectUris: z
    .array(ZRedirectUri)
    .min(1, "Add at least one redirect URI")
    .max(MAX_REDIRECT_URIS, `At most ${MAX_REDIRECT_URIS} redirect URIs`)
    .refine((uris) => new Set(uris).size === uris.length, "Redirect URIs must be unique"),
  scopes: ZScopeList,
  purpose: z.string().trim().min(1, "Describe what the app does with the access").max(2000),
});

export const ZCreateClientInput = ZClientFields.extend({ type: z.enum(["CONFIDENTIAL", "PUBLIC"]) });
export type TCreateClientInput = z.input<typeof ZCreateClientInput>;

/** The client type is fixed at creation: switching it would change how every grant authenticates. */
export const ZUpdateClientInput = ZClientFields.partial().extend({ clientId: z.string().min(1) });
export type TUpdateClientInput = z.input<typeof ZUpdateClientInput>;

export const ZClientIdInput = z.object({ clientId: z.string().min(1) });
export const ZSecretIdInput = z.object({ clientId: z.string().min(1), secretId: ZIdField });
export const ZReviewInput = z.discriminatedUnion("decision", [
  z.object({ clientId: z.string().min(1), decision: z.literal("ACCEPT") }),
  z.object({ clientId: z.string().min(1), decision: z.literal("REJECT"), reason: z.string().trim().min(1, "Give a reason").max(1000) }),
]);
export type TReviewInput = z.infer<typeof ZReviewInput>;
