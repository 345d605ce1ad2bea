/** The signed-in person as server components and tRPC see them, and where to send them afterwards. */
import { getServerSession } from "next-auth";
import { redirect } from "next/navigation";
import { sessionActor, type Actor } from "./actor";
import { authOptions } from "./next-auth";

export async function getSessionUser() {
  const session = await getServerSession(authOptions);
  return session?.user?.id ? session.user : null;
}

/** Who acts in a web request. Admin checks re-read the user's role from the database (trpc/init.ts). */
export async function getActor(): Promise<Actor | null> {
  const user = await getSessionUser();
  return user ? sessionActor(user.id) : null;
}

/** For pages behind sign-in: the session user, or a redirect to log-in that comes back to `returnTo`. */
export async function requireSessionUser(returnTo: string) {
  const user = await getSessionUser();
  if (!user) redirect(`/auth/login?callbackUrl=${encodeURIComponent(returnTo)}`);
  return user;
}

const PARSE_BASE = "http://convene.invalid";

/**
 * `callbackUrl` is attacker-controlled: only a same-origin relative path is honoured, returned as
 * given so the OAuth consent URL comes back unchanged. Resolving it against a dummy origin catches
 * `//evil.example`, `/\evil.example` and the tab/newline tricks browsers strip before resolving.
 */
export function safeCallbackUrl(value: string | string[] | undefined, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//")) return fallback;
  try {
    return new URL(value, PARSE_BASE).origin === PARSE_BASE ? value : fallback;
  } catch {
    return fallback;
  }
}
