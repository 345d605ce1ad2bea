import type { Metadata } from "next";
import { GeneralForm } from "@/components/account/general-form";
import { sessionActor } from "@/server/auth/actor";
import { requireSessionUser } from "@/server/auth/session";
import { getMe } from "@/server/me/me.service";
import { supportedTimeZones } from "@/server/onboarding/time-zone-list";

export const metadata: Metadata = { title: "General" };

export default async function GeneralSettingsPage() {
  const user = await requireSessionUser("/settings/general");
  const me = await getMe(sessionActor(user.id));
  return (
    <>
      <h1 className="text-2xl font-semibold">General</h1>
      <p className="mt-2 max-w-prose text-sm text-slate-600">How Convene shows you dates and times.</p>
      <div className="mt-6">
        <GeneralForm me={me} timeZones={supportedTimeZones(me.timeZone)} />
      </div>
    </>
  );
}
