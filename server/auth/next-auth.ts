/**
 * Sign-in for the web app (next-auth v4): e-mail + password, and an external OpenID Connect provider
 * when one is configured (server/onboarding/oidc.ts); JWT sessions carrying the user id and role.
 * NEXTAUTH_SECRET and NEXTAUTH_URL come from the environment (npm start and the test harness set them).
 * The v2 API never reads this session: it authenticates bearer credentials only.
 *
 * Two sets of cookie attributes, same cookie names: the site keeps next-auth's defaults (SameSite=Lax);
 * inside the OnboardingEmbed iframe, a cross-site frame, proxy.ts routes next-auth to `embedAuthOptions`,
 * whose cookies are SameSite=None; Secure; Partitioned so that they reach that frame and only that frame.
 */
import type { CookiesOptions, NextAuthOptions } from "next-auth";
import { clientAddress } from "../http/client-address";
import { log } from "../log";
import CredentialsProvider from "next-auth/providers/credentials";
import type { OAuthConfig } from "next-auth/providers/oauth";
import { EMBED_COOKIE_ATTRIBUTES } from "../onboarding/embed-session";
import { findUserByExternalIdentity, signInWithExternalIdentity } from "../onboarding/external-identity";
import { OIDC_PROVIDER_ID, oidcConfig, type OidcConfig } from "../onboarding/oidc";
import { logInWithPassword } from "./login-throttle";
import { currentSessionVersion, isSessionCurrent, SESSION_ENDED, SessionEndedError } from "./session-version";

type Role = "USER" | "ADMIN";

declare module "next-auth" {
  interface User {
    role: Role;
  }
  interface Session {
    user: { id: number; role: Role; email: string; name: string };
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    userId?: number;
    role?: Role;
    /** The user's session version at sign-in (session-version.ts). */
    sessionVersion?: number;
  }
}

type OidcProfile = { sub: string; email?: string; name?: string; preferred_username?: string };

function oidcProvider(config: OidcConfig): OAuthConfig<OidcProfile> {
  return {
    id: OIDC_PROVIDER_ID,
    name: config.name,
    type: "oauth",
    wellKnown: `${config.issuer}/.well-known/openid-configuration`,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    idToken: true,
    checks: ["pkce", "state", "nonce"],
    authorization: { params: { scope: "openid email profile" } },
    profile: (profile) => ({ id: profile.sub, email: profile.email, name: profile.name ?? profile.preferred_username, role: "USER" }),
  };
}

const oidc = oidcConfig();

export const authOptions: NextAuthOptions = {
  session: { strategy: "jwt" },
  logger: {
    error(code, metadata) {
      // An ended session (session-version.ts) is an ordinary "signed out", not a server error worth a stack trace.
      if (metadata instanceof Error && metadata.name === SESSION_ENDED) return;
      log.error(`next-auth: ${code}`, { error: metadata });
    },
  },
  pages: { signIn: "/auth/login", signOut: "/auth/logout", error: "/auth/login" },
  providers: [
    CredentialsProvider({
      name: "E-mail and password",
      credentials: { email: { label: "E-mail", type: "email" }, password: { label: "Password", type: "password" } },
      async authorize(credentials, request) {
        if (!credentials?.email || !credentials.password) return null;
        const user = await logInWithPassword(credentials.email, credentials.password, clientAddress(request.headers));
        return user ? { id: String(user.id), email: user.email, name: user.name, role: user.role } : null;
      },
    }),
    ...(oidc ? [oidcProvider(oidc)] : []),
  ],
  callbacks: {
    /** First sign-in through the provider creates the account; a refusal (e-mail taken) ends at the log-in page. */
    async signIn({ account, profile }) {
      if (account?.provider !== OIDC_PROVIDER_ID || !oidc) return true;
      const claims = profile as OidcProfile | undefined;
      try {
        await signInWithExternalIdentity({
          issuer: oidc.issuer,
          subject: account.providerAccountId,
          email: claims?.email,
          name: claims?.name,
          preferredUsername: claims?.preferred_username,
        });
        return true;
      } catch {
        return false;
      }
    },
    async jwt({ token, user, account }) {
      // `user` is present only on the sign-in request; later requests carry what was stored then.
      if (account?.provider === OIDC_PROVIDER_ID && oidc) {
        const linked = await findUserByExternalIdentity(oidc.issuer, account.providerAccountId);
        if (!linked) throw new Error("The external account is not linked");
        const sessionVersion = (await currentSessionVersion(linked.id)) ?? 0;
        return { ...token, sub: String(linked.id), userId: linked.id, role: linked.role, email: linked.email, name: linked.name, sessionVersion };
      }
      if (user) {
        token.userId = Number(user.id);
        token.role = user.role;
        token.sessionVersion = (await currentSessionVersion(token.userId)) ?? 0;
        return token;
      }
      // Every later read of the session: a reset password (or a deleted user) ends the sessions signed in before.
      if (token.userId === undefined || !(await isSessionCurrent(token.userId, token.sessionVersion))) throw new SessionEndedError();
      return token;
    },
    session({ session, token }) {
      session.user = { id: token.userId!, role: token.role ?? "USER", email: token.email ?? "", name: token.name ?? "" };
      return session;
    },
  },
};

/** next-auth's cookie names for this deployment (as it picks them from NEXTAUTH_URL), with the embed's attributes. */
function embedCookies(): CookiesOptions {
  const isHttps = (process.env.NEXTAUTH_URL ?? "").startsWith("https://");
  const prefix = isHttps ? "__Secure-" : "";
  const options = { ...EMBED_COOKIE_ATTRIBUTES };
  const shortLived = { ...options, maxAge: 15 * 60 };
  return {
    sessionToken: { name: `${prefix}next-auth.session-token`, options },
    callbackUrl: { name: `${prefix}next-auth.callback-url`, options },
    csrfToken: { name: `${isHttps ? "__Host-" : ""}next-auth.csrf-token`, options },
    pkceCodeVerifier: { name: `${prefix}next-auth.pkce.code_verifier`, options: shortLived },
    state: { name: `${prefix}next-auth.state`, options: shortLived },
    nonce: { name: `${prefix}next-auth.nonce`, options },
  };
}

/** The same sign-in for requests from inside the embed iframe (see proxy.ts). */
export const embedAuthOptions: NextAuthOptions = { ...authOptions, cookies: embedCookies() };

/** Whether the external provider's button is shown. */
export const externalSignIn = oidc ? { providerId: OIDC_PROVIDER_ID, name: oidc.name } : null;
