import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { BookingFlow } from "@/components/booking-page/booking-flow";
import { EventSummary } from "@/components/booking-page/event-summary";
import { findBookingPage } from "@/server/booking-page/booking-page.service";
import { supportedTimeZones } from "@/server/onboarding/time-zone-list";

type Params = Promise<{ username: string; slug: string }>;

// Metadata and the page ask for the same row in one request: one query.
const loadBookingPage = cache(findBookingPage);

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { username, slug } = await params;
  const page = await loadBookingPage(username, slug);
  return { title: page ? `${page.title} with ${page.host.name}` : "Page not found" };
}

export default async function BookingPage({ params }: { params: Params }) {
  const { username, slug } = await params;
  const page = await loadBookingPage(username, slug);
  if (!page) notFound();
  return (
    <main className="mx-auto max-w-5xl px-6 py-10">
      <div className="grid gap-8 lg:grid-cols-[18rem_1fr]">
        <EventSummary page={page} />
        <BookingFlow page={page} timeZones={supportedTimeZones("UTC")} />
      </div>
    </main>
  );
}
