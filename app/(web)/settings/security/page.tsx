import type { Metadata } from "next";
import { DeleteAccount } from "@/components/account/delete-account";
import { PasswordForm } from "@/components/account/password-form";
import { hasPassword } from "@/server/auth/password-change";
import { sessionActor } from "@/server/auth/actor";
import { requireSessionUser } from "@/server/auth/session";

export const metadata: Metadata = { title: "Security" };

export default async function SecurityPage() {
  const user = await requireSessionUser("/settings/security");
  const withPassword = await hasPassword(sessionActor(user.id));
  return (
    <>
      <h1 className="text-2xl font-semibold">Security</h1>
      <div className="mt-6 space-y-6">
        {withPassword ? <PasswordForm /> : <p className="text-sm text-slate-600">You sign in through single sign-on; your account has no password.</p>}
        <DeleteAccount hasPassword={withPassword} />
      </div>
    </>
  );
}
