import { signIn } from "next-auth/react";
import { logInFailureMessage } from "@/server/auth/log-in-errors";

/** Signs in with next-auth's credentials provider; null on success, else the message to show. */
export async function signInWithPassword(email: string, password: string): Promise<string | null> {
  try {
    const result = await signIn("credentials", { redirect: false, email, password });
    if (result?.ok && !result.error) return null;
    return logInFailureMessage(result?.error ?? undefined);
  } catch {
    return "Could not reach Convene. Check your connection and try again.";
  }
}

/** A full navigation, so server components (and the OAuth consent page) render with the new session. */
export function continueTo(callbackUrl: string) {
  window.location.assign(callbackUrl);
}
