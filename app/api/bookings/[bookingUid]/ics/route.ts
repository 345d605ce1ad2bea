/** The booking's invitation as a .ics download (the "ICS" calendar link). The unguessable uid is the key. */
import { bookingIcs } from "@/server/bookings/booking-ics";

export async function GET(_request: Request, context: { params: Promise<{ bookingUid: string }> }) {
  const ics = await bookingIcs((await context.params).bookingUid);
  if (!ics) return new Response("Booking not found", { status: 404 });
  return new Response(ics, { headers: { "Content-Type": "text/calendar; charset=utf-8", "Content-Disposition": 'attachment; filename="booking.ics"' } });
}
