import type { Metadata } from "next";
import { CalendarSettings } from "@/components/calendars/calendar-settings";
import { requireSessionUser } from "@/server/auth/session";

export const metadata: Metadata = { title: "Calendars" };

export default async function CalendarsSettingsPage() {
  await requireSessionUser("/settings/calendars");
  return (
    <>
      <h1 className="text-2xl font-semibold">Calendars</h1>
      <p className="mt-2 max-w-prose text-sm text-slate-600">
        Busy times in the calendars checked for conflicts keep people from booking you then; new bookings are written to your destination calendar.
      </p>
      <div className="mt-6">
        <CalendarSettings />
      </div>
    </>
  );
}
