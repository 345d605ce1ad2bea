import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";
import { TextLink } from "@/components/ui/text-link";

export const metadata: Metadata = { title: "Forgot password" };

export default function ForgotPasswordPage() {
  return (
    <AuthCard
      title="Reset your password"
      footer={
        <>
          Remembered it? <TextLink href="/auth/login">Log in</TextLink>
        </>
      }
    >
      <p className="mb-4 text-sm text-slate-600">Enter the e-mail address of your account and we will mail you a link to choose a new password.</p>
      <ForgotPasswordForm />
    </AuthCard>
  );
}
