import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { BookingPageView } from "@/components/booking-page/booking-page-view";
import { findOrgTeamBookingPage } from "@/server/booking-page/booking-page.service";

type Params = Promise<{ orgSlug: string; teamSlug: string; eventSlug: string }>;

// Metadata and the page ask for the same row in one request: one query.
const loadBookingPage = cache(findOrgTeamBookingPage);

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { orgSlug, teamSlug, eventSlug } = await params;
  const page = await loadBookingPage(orgSlug, teamSlug, eventSlug);
  return { title: page ? `${page.title} with ${page.host.name}` : "Page not found" };
}

/** An organization team's event type: the team booking page's view, slots and booking use cases, under the organization's path. */
export default async function OrganizationTeamBookingPage({ params }: { params: Params }) {
  const { orgSlug, teamSlug, eventSlug } = await params;
  const page = await loadBookingPage(orgSlug, teamSlug, eventSlug);
  if (!page) notFound();
  return <BookingPageView page={page} />;
}
