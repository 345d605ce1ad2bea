import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { BookingPageView } from "@/components/booking-page/booking-page-view";
import { findTeamBookingPage } from "@/server/booking-page/booking-page.service";

type Params = Promise<{ teamSlug: string; eventSlug: string }>;

// Metadata and the page ask for the same row in one request: one query.
const loadTeamBookingPage = cache(findTeamBookingPage);

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { teamSlug, eventSlug } = await params;
  const page = await loadTeamBookingPage(teamSlug, eventSlug);
  return { title: page ? `${page.title} with ${page.host.name}` : "Page not found" };
}

/** A team's event type, booked through the same slots and booking use cases as a user's page and the API. */
export default async function TeamBookingPage({ params }: { params: Params }) {
  const { teamSlug, eventSlug } = await params;
  const page = await loadTeamBookingPage(teamSlug, eventSlug);
  if (!page) notFound();
  return <BookingPageView page={page} />;
}
