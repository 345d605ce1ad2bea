/**
 * Where an invitation mail's link lands. Signed out: who invited whom, and the ways in (log in, or — for an invitation
 * by address — sign up through onboarding with the address filled in), each coming back here. Signed in: accept or
 * decline, when the account is the invited one (the account named by id, or the one with the invited address). An
 * invitation by id never shows the account's address: the link may have been passed on. A link that no longer works
 * says why instead of failing.
 */
import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { withCallback } from "@/components/auth/with-callback";
import { InvitationAnswer } from "@/components/teams/invitation-answer";
import { Alert } from "@/components/ui/alert";
import { TextLink } from "@/components/ui/text-link";
import { getSessionUser } from "@/server/auth/session";
import { findInvitation, isInvitee, type TInvitationView } from "@/server/teams/invitation-accept";

export const metadata: Metadata = { title: "Team invitation", referrer: "no-referrer" };

type Params = Promise<{ token: string }>;

const UNUSABLE = {
  EXPIRED: "This invitation has expired. Ask someone in the team to invite you again.",
  USED: "This invitation has already been accepted. Each link works once.",
  DECLINED: "This invitation has been declined. Nothing was shared with the team.",
} as const;

function Invitation({ view }: { view: TInvitationView }) {
  return (
    <p className="text-sm text-slate-700">
      {view.inviterName ? `${view.inviterName} invited ` : "You are invited: "}
      <strong className="font-medium text-slate-900">{view.email ?? "you"}</strong> to join{" "}
      <strong className="font-medium text-slate-900">{view.team.name}</strong> as <strong className="font-medium text-slate-900">{view.role}</strong>.
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
    const signUp = view.email && `/onboarding?${new URLSearchParams({ email: view.email, callbackUrl: here })}`;
    return (
      <AuthCard title={`Join ${view.team.name}`}>
        <Invitation view={view} />
        <p className="mt-4 text-sm text-slate-700">
          {signUp ? "Log in or create an account with that address to accept or decline." : "Log in to the invited account to accept or decline."}
        </p>
        <div className="mt-6 flex gap-4 text-sm">
          <TextLink href={withCallback("/auth/login", here)}>Log in to answer</TextLink>
          {signUp && <TextLink href={signUp}>Create an account</TextLink>}
        </div>
      </AuthCard>
    );
  }
  if (!isInvitee(view, user)) {
    return (
      <AuthCard title={`Join ${view.team.name}`}>
        <Invitation view={view} />
        <div className="mt-4">
          <Alert>
            {view.email
              ? `This invitation was sent to ${view.email}, but you are logged in as ${user.email}. Log out and log in as ${view.email} to answer it.`
              : `This invitation was sent to another Convene account, and you are logged in as ${user.email}. Log out and log in as the invited account to answer it.`}
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
      <p className="mt-4 text-sm text-slate-700">Until you accept, the team sees nothing of your account, calendar or availability.</p>
      <div className="mt-6">
        <InvitationAnswer token={token} />
      </div>
    </AuthCard>
  );
}
