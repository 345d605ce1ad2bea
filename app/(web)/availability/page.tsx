import type { Metadata } from "next";
import { AvailabilityTabs } from "@/components/availability/availability-tabs";
import { sessionActor } from "@/server/auth/actor";
import { requireSessionUser } from "@/server/auth/session";
import { getMe } from "@/server/me/me.service";
import { supportedTimeZones } from "@/server/onboarding/time-zone-list";

export const metadata: Metadata = { title: "Availability" };

export default async function AvailabilityPage() {
  const user = await requireSessionUser("/availability");
  const me = await getMe(sessionActor(user.id));
  return (
    <>
      <h1 className="text-2xl font-semibold">Availability</h1>
      <p className="mt-2 max-w-prose text-sm text-slate-600">
        When people can book you. Event types use your default schedule unless they name another. Your time zone is {me.timeZone.replaceAll("_", " ")}.
      </p>
      <div className="mt-6">
        <AvailabilityTabs timeZones={supportedTimeZones(me.timeZone)} timeZone={me.timeZone} />
      </div>
    </>
  );
}
