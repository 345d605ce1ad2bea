import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { BookingManageView } from "@/components/booking-manage/booking-manage-view";
import { supportedTimeZones } from "@/server/onboarding/time-zone-list";
import { BOOKING_PAGE_METADATA, viewOf, type BookingPageProps } from "./load-view";

export async function generateMetadata(props: BookingPageProps): Promise<Metadata> {
  const { view } = await viewOf(props);
  return { ...BOOKING_PAGE_METADATA, title: view ? view.title : "Booking" };
}

/** /booking/{uid}: the booking's own page, opened after booking and from every mail (server/bookings/manage-link.service.ts). */
export default async function BookingManagePage(props: BookingPageProps) {
  const { view, action } = await viewOf(props);
  if (!view) notFound();
  return <BookingManageView view={view} timeZones={supportedTimeZones("UTC")} isCancelOpen={action === "cancel"} />;
}
