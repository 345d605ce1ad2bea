import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { RescheduleView } from "@/components/booking-manage/reschedule-view";
import { supportedTimeZones } from "@/server/onboarding/time-zone-list";
import { BOOKING_PAGE_METADATA, viewOf, type BookingPageProps } from "../load-view";

export async function generateMetadata(props: BookingPageProps): Promise<Metadata> {
  const { view } = await viewOf(props);
  return { ...BOOKING_PAGE_METADATA, title: view ? `New time for ${view.title}` : "Booking" };
}

/** /booking/{uid}/reschedule: the attendee picks a new time on the booking page's slot picker. */
export default async function BookingReschedulePage(props: BookingPageProps) {
  const { view } = await viewOf(props);
  if (!view) notFound();
  return <RescheduleView view={view} timeZones={supportedTimeZones("UTC")} />;
}
