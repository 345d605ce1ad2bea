import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth/auth-card";
import { SignUpForm } from "@/components/auth/signup-form";
import { withCallback } from "@/components/auth/with-callback";
import { TextLink } from "@/components/ui/text-link";
import { getSessionUser, safeCallbackUrl } from "@/server/auth/session";

export const metadata: Metadata = { title: "Sign up" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function SignUpPage({ searchParams }: { searchParams: SearchParams }) {
  const requested = (await searchParams).callbackUrl;
  const callbackUrl = safeCallbackUrl(requested);
  // Someone signing up on their own (no page to return to) goes on to set up a profile and calendar.
  const afterSignUp = safeCallbackUrl(requested, "/onboarding");
  if (await getSessionUser()) redirect(callbackUrl);
  return (
    <AuthCard
      title="Create your Convene account"
      footer={
        <>
          Already have an account? <TextLink href={withCallback("/auth/login", callbackUrl)}>Log in</TextLink>
        </>
      }
    >
      <SignUpForm callbackUrl={afterSignUp} />
    </AuthCard>
  );
}
