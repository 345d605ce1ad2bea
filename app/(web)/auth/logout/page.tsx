import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { LogoutButton } from "@/components/auth/logout-button";
import { TextLink } from "@/components/ui/text-link";
import { getSessionUser } from "@/server/auth/session";

export const metadata: Metadata = { title: "Log out" };

/** A confirmation, not a GET that signs out: a link on another site must not be able to end the session. */
export default async function LogoutPage() {
  const user = await getSessionUser();
  if (!user) {
    return (
      <AuthCard title="You are logged out">
        <TextLink href="/auth/login">Log in again</TextLink>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Log out of Convene?">
      <p className="mb-6 text-sm text-slate-600">
        You are logged in as <strong className="font-medium text-slate-900">{user.email}</strong>.
      </p>
      <LogoutButton />
    </AuthCard>
  );
}
