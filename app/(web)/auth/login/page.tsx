import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth/auth-card";
import { LoginForm } from "@/components/auth/login-form";
import { withCallback } from "@/components/auth/with-callback";
import { TextLink } from "@/components/ui/text-link";
import { logInFailureMessage } from "@/server/auth/log-in-errors";
import { getSessionUser, safeCallbackUrl } from "@/server/auth/session";

export const metadata: Metadata = { title: "Log in" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function LoginPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const callbackUrl = safeCallbackUrl(params.callbackUrl);
  if (await getSessionUser()) redirect(callbackUrl);
  // next-auth sends its own failures here as ?error=…; the form reports wrong passwords itself.
  const initialError = typeof params.error === "string" ? logInFailureMessage(params.error) : null;
  return (
    <AuthCard
      title="Log in to Convene"
      footer={
        <>
          New to Convene? <TextLink href={withCallback("/auth/signup", callbackUrl)}>Create an account</TextLink>
        </>
      }
    >
      <LoginForm callbackUrl={callbackUrl} initialError={initialError} />
      <p className="mt-4 text-center text-sm">
        <TextLink href="/auth/forgot-password">Forgot your password?</TextLink>
      </p>
    </AuthCard>
  );
}
