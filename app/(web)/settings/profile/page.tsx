import type { Metadata } from "next";
import { EmailForm } from "@/components/account/email-form";
import { ProfileForm } from "@/components/account/profile-form";
import { sessionActor } from "@/server/auth/actor";
import { requireSessionUser } from "@/server/auth/session";
import { env } from "@/server/env";
import { getMe } from "@/server/me/me.service";

export const metadata: Metadata = { title: "Profile" };

export default async function ProfilePage() {
  const user = await requireSessionUser("/settings/profile");
  const me = await getMe(sessionActor(user.id));
  return (
    <>
      <h1 className="text-2xl font-semibold">Profile</h1>
      <div className="mt-6 space-y-6">
        <ProfileForm me={me} appUrl={env().APP_URL} />
        <EmailForm email={me.email} timeZone={me.timeZone} />
      </div>
    </>
  );
}
