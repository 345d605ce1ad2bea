import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { BookingsView } from "@/components/bookings/bookings-view";
import { sessionActor } from "@/server/auth/actor";
import { requireSessionUser } from "@/server/auth/session";
import { getMe } from "@/server/me/me.service";
import { BOOKING_TABS } from "@/components/bookings/booking-tabs";

export const metadata: Metadata = { title: "Bookings" };

export default async function BookingsTabPage({ params }: { params: Promise<{ tab: string }> }) {
  const { tab } = await params;
  const current = BOOKING_TABS.find((entry) => entry.id === tab);
  if (!current) notFound();
  const user = await requireSessionUser(`/bookings/${current.id}`);
  const me = await getMe(sessionActor(user.id));
  return <BookingsView tab={current.id} timeZone={me.timeZone} />;
}
