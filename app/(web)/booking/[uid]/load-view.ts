import { cache } from "react";
import { getActor } from "@/server/auth/session";
import { findManagedBookingView } from "@/server/bookings/manage-link.service";

export type BookingPageProps = {
  params: Promise<{ uid: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? null;

/** The booking as the link's token or the session lets this visitor see it; null for anyone else (a 404 page). */
export const loadBookingView = cache(async (uid: string, token: string | null) => findManagedBookingView(uid, { token, actor: await getActor() }));

export async function viewOf({ params, searchParams }: BookingPageProps) {
  const [{ uid }, query] = await Promise.all([params, searchParams]);
  const token = single(query.token);
  return { view: await loadBookingView(uid, token), action: single(query.action) };
}

/**
 * The token is in the address: no Referer may carry it to the calendar sites or the meeting link, and no search
 * engine should keep the page.
 */
export const BOOKING_PAGE_METADATA = { referrer: "no-referrer", robots: { index: false, follow: false } } as const;
