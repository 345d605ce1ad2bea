import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import { Alert } from "@/components/ui/alert";
import { TextLink } from "@/components/ui/text-link";
import { isResetLinkUsable, RESET_LINK_REFUSED_MESSAGE } from "@/server/auth/password-reset.service";

// The token is in the URL: no Referer carries it to a page linked from here.
export const metadata: Metadata = { title: "Choose a new password", referrer: "no-referrer" };

type Params = Promise<{ token: string }>;

export default async function ResetPasswordPage({ params }: { params: Params }) {
  const { token } = await params;
  const isUsable = await isResetLinkUsable(token);
  return (
    <AuthCard
      title="Choose a new password"
      footer={
        <>
          Need a new link? <TextLink href="/auth/forgot-password">Ask for one</TextLink>
        </>
      }
    >
      {isUsable ? <ResetPasswordForm token={token} /> : <Alert>{RESET_LINK_REFUSED_MESSAGE}</Alert>}
    </AuthCard>
  );
}
