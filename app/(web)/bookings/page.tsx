import { redirect } from "next/navigation";

/** The bookings section opens on what is coming up. */
export default function BookingsPage() {
  redirect("/bookings/upcoming");
}
