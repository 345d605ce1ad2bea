/**
 * Where an invitation mail's link lands. Signed out: who invited whom, and the ways in (log in, or sign up through
 * onboarding with the invited address filled in), each coming back here. Signed in: accept, when the account's
 * e-mail is the invited one. A link that no longer works says why instead of failing.
 */
import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { withCallback } from "@/components/auth/with-callback";
import { AcceptInvitationButton } from "@/components/teams/accept-invitation-button";
import { Alert } from "@/components/ui/alert";
import { TextLink } from "@/components/ui/text-link";
import { getSessionUser } from "@/server/auth/session";
import { findInvitation, type TInvitationView } from "@/server/teams/invitation-accept";

export const metadata: Metadata = { title: "Team invitation", referrer: "no-referrer" };

type Params = Promise<{ token: string }>;

const UNUSABLE = {
  EXPIRED: "This invitation has expired. Ask someone in the team to invite you again.",
  USED: "This invitation has already been accepted. Each link works once.",
} as const;

function Invitation({ view }: { view: TInvitationView }) {
  return (
    <p className="text-sm text-slate-700">
      {view.inviterName ? `${view.inviterName} invited ` : "You are invited: "}
      <strong className="font-medium text-slate-900">{view.email}</strong> to join <strong className="font-medium text-slate-900">{view.team.name}</strong> as{" "}
      <strong className="font-medium text-slate-900">{view.role}</strong>.
    </p>
  );
}

export default async function InvitationPage({ params }: { params: Params }) {
  const { token } = await params;
  const view = await findInvitation(token);
  if (!view) {
    return (
      <AuthCard title="Invitation not found">
        <Alert>This invitation link is not valid: it may have been revoked, or mistyped. Ask someone in the team for a new one.</Alert>
      </AuthCard>
    );
  }
  if (view.state !== "PENDING") {
    return (
      <AuthCard title={`Join ${view.team.name}`}>
        <Alert>{UNUSABLE[view.state]}</Alert>
      </AuthCard>
    );
  }
  const here = `/teams/invitations/${encodeURIComponent(token)}`;
  const user = await getSessionUser();
  if (!user) {
    const signUp = `/onboarding?${new URLSearchParams({ email: view.email, callbackUrl: here })}`;
    return (
      <AuthCard title={`Join ${view.team.name}`}>
        <Invitation view={view} />
        <p className="mt-4 text-sm text-slate-700">Log in or create an account with that address to accept.</p>
        <div className="mt-6 flex gap-4 text-sm">
          <TextLink href={withCallback("/auth/login", here)}>Log in to accept</TextLink>
          <TextLink href={signUp}>Create an account</TextLink>
        </div>
      </AuthCard>
    );
  }
  if (user.email.toLowerCase() !== view.email.toLowerCase()) {
    return (
      <AuthCard title={`Join ${view.team.name}`}>
        <Invitation view={view} />
        <div className="mt-4">
          <Alert>
            This invitation was sent to {view.email}, but you are logged in as {user.email}. Log out and log in as {view.email} to accept it.
          </Alert>
        </div>
        <p className="mt-4 text-sm">
          <TextLink href="/auth/logout">Log out</TextLink>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={`Join ${view.team.name}`}>
      <Invitation view={view} />
      <div className="mt-6">
        <AcceptInvitationButton token={token} />
      </div>
    </AuthCard>
  );
}
