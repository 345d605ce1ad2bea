import type { Metadata } from "next";
import { BookingOverview } from "@/components/bookings/booking-overview";
import { sessionActor } from "@/server/auth/actor";
import { requireSessionUser } from "@/server/auth/session";
import { listBookings } from "@/server/bookings/booking-reads";
import { ZListBookingsQuery } from "@/server/bookings/booking-list-query";
import { getMe } from "@/server/me/me.service";

export const metadata: Metadata = { title: "Bookings" };

export default async function BookingsPage() {
  const user = await requireSessionUser("/bookings");
  const actor = sessionActor(user.id);
  const [me, page] = await Promise.all([getMe(actor), listBookings(actor, ZListBookingsQuery.parse({ status: "upcoming", take: "100" }))]);
  return <BookingOverview timeZone={me.timeZone} bookings={page.items} />;
}
