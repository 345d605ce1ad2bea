import { sessionActor } from "@/server/auth/actor";
import { TextLink } from "@/components/ui/text-link";
import { getSessionUser } from "@/server/auth/session";
import { getOnboardingProgress } from "@/server/onboarding/onboarding.service";

export default async function HomePage() {
  const user = await getSessionUser();
  const progress = user ? await getOnboardingProgress(sessionActor(user.id)) : null;
  return (
    <main className="mx-auto max-w-2xl px-6 py-16">
      <h1 className="text-3xl font-semibold">Convene</h1>
      <p className="mt-3 text-slate-600">Scheduling for people and the apps they use.</p>
      {user && (
        <p className="mt-6 text-sm text-slate-600">
          Signed in as <span className="font-medium text-slate-900">{user.email}</span>
        </p>
      )}
      {progress && progress.step !== "COMPLETE" && (
        <p className="mt-2 text-sm text-slate-600">
          Your account is not set up yet. <TextLink href="/onboarding">Finish setting up</TextLink>
        </p>
      )}
      <nav aria-label="Main" className="mt-8 flex flex-wrap gap-6">
        <TextLink href="/docs">Developer docs</TextLink>
        <TextLink href="/docs/api">API reference</TextLink>
        <TextLink href="/docs/authentication-and-oauth">OAuth guide</TextLink>
        {user ? (
          <>
            <TextLink href="/settings/developer/api-keys">API keys</TextLink>
            <TextLink href="/settings/developer/oauth">OAuth clients</TextLink>
            <TextLink href="/settings/my-apps">Authorized apps</TextLink>
            {user.role === "ADMIN" && <TextLink href="/settings/admin/oauth">OAuth review</TextLink>}
            <TextLink href="/auth/logout">Log out</TextLink>
          </>
        ) : (
          <>
            <TextLink href="/auth/signup">Sign up</TextLink>
            <TextLink href="/auth/login">Log in</TextLink>
          </>
        )}
      </nav>
    </main>
  );
}
