import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ScheduleEditor } from "@/components/availability/schedule-editor";
import { TextLink } from "@/components/ui/text-link";
import { sessionActor } from "@/server/auth/actor";
import { requireSessionUser } from "@/server/auth/session";
import { ZIdParam } from "@/server/http/ids";
import { getMe } from "@/server/me/me.service";
import { supportedTimeZones } from "@/server/onboarding/time-zone-list";

export const metadata: Metadata = { title: "Schedule" };

export default async function SchedulePage({ params }: { params: Promise<{ scheduleId: string }> }) {
  const { scheduleId: raw } = await params;
  const user = await requireSessionUser(`/availability/${encodeURIComponent(raw)}`);
  const scheduleId = ZIdParam.safeParse(raw);
  if (!scheduleId.success) notFound();
  const me = await getMe(sessionActor(user.id));
  return (
    <>
      <TextLink href="/availability" className="text-sm">
        ← All schedules
      </TextLink>
      <div className="mt-4">
        <ScheduleEditor scheduleId={scheduleId.data} timeZones={supportedTimeZones(me.timeZone)} />
      </div>
    </>
  );
}
