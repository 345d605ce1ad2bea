import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { BookingPageView } from "@/components/booking-page/booking-page-view";
import { findBookingPage } from "@/server/booking-page/booking-page.service";

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
  return <BookingPageView page={page} />;
}
