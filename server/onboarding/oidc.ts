/**
 * The external OpenID Connect provider for sign-up and log-in, configured by environment: OIDC_ISSUER,
 * OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, and optionally OIDC_NAME (the provider's name on the button).
 * Absent or incomplete configuration means no external sign-in at all.
 */
import { z } from "zod";

export const OIDC_PROVIDER_ID = "oidc";

const ZOidcEnv = z.object({
  OIDC_ISSUER: z.url().transform((issuer) => issuer.replace(/\/+$/, "")),
  OIDC_CLIENT_ID: z.string().min(1),
  OIDC_CLIENT_SECRET: z.string().min(1),
  OIDC_NAME: z.string().min(1).default("single sign-on"),
});

export type OidcConfig = { issuer: string; clientId: string; clientSecret: string; name: string };

export function oidcConfig(env: NodeJS.ProcessEnv = process.env): OidcConfig | null {
  if (!env.OIDC_ISSUER) return null;
  const parsed = ZOidcEnv.parse(env); // a half-configured provider fails at start, not at someone's sign-in
  return { issuer: parsed.OIDC_ISSUER, clientId: parsed.OIDC_CLIENT_ID, clientSecret: parsed.OIDC_CLIENT_SECRET, name: parsed.OIDC_NAME };
}
