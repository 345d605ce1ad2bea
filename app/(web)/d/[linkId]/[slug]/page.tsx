/** A private link's booking page: the event type it books (hidden or not), while the link is live. */
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { BookingPageView } from "@/components/booking-page/booking-page-view";
import { findPrivateLinkPage } from "@/server/booking-page/booking-page.service";

type Params = Promise<{ linkId: string; slug: string }>;

const loadPrivateLinkPage = cache(findPrivateLinkPage);

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { linkId, slug } = await params;
  const page = await loadPrivateLinkPage(linkId, slug);
  // A private link's page is for whoever was given it, not for search engines.
  return { title: page ? `${page.title} with ${page.host.name}` : "Page not found", robots: { index: false, follow: false } };
}

export default async function PrivateLinkPage({ params }: { params: Params }) {
  const { linkId, slug } = await params;
  const page = await loadPrivateLinkPage(linkId, slug);
  if (!page) notFound();
  return <BookingPageView page={page} />;
}
