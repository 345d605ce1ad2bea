import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { ConfirmEmailButton } from "@/components/account/confirm-email-button";

export const metadata: Metadata = { title: "Confirm your e-mail address" };

/** The mailed link opens this page; the change happens on the button (a POST), so a mail scanner's GET changes nothing. */
export default async function ConfirmEmailPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return (
    <AuthCard title="Confirm your new e-mail address">
      <ConfirmEmailButton token={token} />
    </AuthCard>
  );
}
