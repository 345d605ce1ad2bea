import type { Metadata } from "next";
import { connection } from "next/server";
import { CodeBlock, GuideSection } from "@/components/docs/guide-section";
import { TextLink } from "@/components/ui/text-link";
import { env } from "@/server/env";
import { OAUTH_ERRORS_TABLE } from "@/components/docs/oauth-errors";
import { GRANT_ADMIN_COMMAND } from "@/server/users/admin-command";

export const metadata: Metadata = { title: "OAuth for app developers" };

export default async function OAuthGuidePage() {
  await connection(); // examples use the running server's address
  const base = env().APP_URL;
  return (
    <main className="mx-auto max-w-3xl px-6 py-12">
      <TextLink href="/">← Convene</TextLink>
      <h1 className="mt-4 text-3xl font-semibold">OAuth 2.0 for app developers</h1>
      <p className="mt-3 text-slate-700">
        Let people use your app with their Convene account: the authorization code grant, with a client secret (confidential clients) or PKCE (public clients
        such as single-page and mobile apps). Endpoints are also published as{" "}
        <TextLink href="/.well-known/oauth-authorization-server">authorization server metadata</TextLink>. Apps written for API v1 (an <code>apiKey</code> query
        parameter) start with <TextLink href="/docs/migrate-v1">migrating from v1</TextLink>.
      </p>
      <GuideSection id="register" title="1. Register a client">
        <p>
          At <TextLink href="/settings/developer/oauth">Settings → Developer → OAuth clients</TextLink> give a name, logo, website, 1–10 redirect URIs (https,
          or http on localhost; no fragments; matched exactly), at least one scope and what your app does with the access. The client is{" "}
          <strong>pending</strong> until an administrator of this Convene instance accepts it; you are told by e-mail. On a new instance nobody is an
          administrator until its operator makes one: <code>{GRANT_ADMIN_COMMAND}</code>. A confidential client receives its first secret once, at creation.
          Changing the name, logo, website, redirect URIs, purpose or scopes sends an accepted client back to review; its existing users keep working meanwhile.
        </p>
      </GuideSection>
      <GuideSection id="authorize" title="2. Send the user to authorize">
        <CodeBlock>{`${base}/auth/oauth2/authorize?client_id=CLIENT_ID
  &redirect_uri=https%3A%2F%2Fapp.example%2Fcallback
  &response_type=code
  &scope=BOOKING_READ%20PROFILE_READ
  &state=RANDOM_STATE
  &code_challenge=BASE64URL_SHA256_OF_VERIFIER&code_challenge_method=S256`}</CodeBlock>
        <p>
          Scopes are separated by spaces or commas and must be a subset of the client&apos;s. After consent the browser returns to your redirect URI with{" "}
          <code>code</code> (valid 60 seconds, single use) and your <code>state</code>, which you must check.
        </p>
      </GuideSection>
      <GuideSection id="exchange" title="3. Exchange the code">
        <CodeBlock>{`curl -X POST ${base}/v2/auth/oauth2/token \\
  -H 'Content-Type: application/json' \\
  -d '{"grant_type":"authorization_code","client_id":"CLIENT_ID","client_secret":"SECRET",
       "code":"CODE","redirect_uri":"https://app.example/callback"}'`}</CodeBlock>
        <p>
          Public clients send <code>code_verifier</code> instead of <code>client_secret</code>. Form-encoded bodies and HTTP Basic client authentication are
          accepted too. The answer: <code>access_token</code> (30 minutes), <code>refresh_token</code>, <code>token_type: &quot;bearer&quot;</code>,{" "}
          <code>expires_in: 1800</code>, <code>scope</code>. Call the API with <code>Authorization: Bearer ACCESS_TOKEN</code>; <code>GET /v2/me</code> verifies
          a token.
        </p>
      </GuideSection>
      <GuideSection id="refresh" title="4. Refresh">
        <CodeBlock>{`{"grant_type":"refresh_token","client_id":"CLIENT_ID","client_secret":"SECRET","refresh_token":"REFRESH_TOKEN"}`}</CodeBlock>
        <p>
          Scopes are preserved. Every refresh returns a new refresh token and retires the old one; presenting a retired refresh token again revokes the whole
          grant. Refresh tokens expire after 30 days unused and 90 days after the user authorized. Tokens can be revoked at{" "}
          <code>POST /v2/auth/oauth2/revoke</code> (RFC 7009).
        </p>
      </GuideSection>
      <GuideSection id="secrets" title="5. Rotate a client secret">
        <p>
          A client holds at most two secrets. Generate a second one (both work), switch your app to it, then revoke the old one — it fails immediately. Rotation
          only affects requests that carry <code>client_secret</code>; issued tokens keep working.
        </p>
      </GuideSection>
      <GuideSection id="pkce" title="6. Public clients and PKCE">
        <p>
          Make a random 32-byte <code>code_verifier</code> (base64url), send <code>code_challenge = BASE64URL(SHA256(verifier))</code> with{" "}
          <code>code_challenge_method=S256</code> (the default when omitted; plain is refused) and the verifier at the token endpoint. Public clients have no
          secret.
        </p>
      </GuideSection>
      <GuideSection id="legacy" title="7. Migrating a legacy client">
        <p>
          Clients with no scopes, or only READ_BOOKING / READ_PROFILE, are legacy: their tokens are not limited by scope. First add the <code>scope</code>{" "}
          parameter to your authorization URL and check that new tokens carry the right scopes; then select the same scopes in the client settings and save.
          Tokens issued before keep working until users authorize again.
        </p>
      </GuideSection>
      <GuideSection id="errors" title="8. Errors">
        {OAUTH_ERRORS_TABLE}
      </GuideSection>
    </main>
  );
}
