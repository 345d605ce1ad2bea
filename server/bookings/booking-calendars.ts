/**
 * The one way bookings reach connected calendars: server/calendars/booking-sync.ts, called after the
 * change has committed. Two adaptations live here so that module stays as it is:
 * - it reads `location` as the stored object ({address | link | phone | …}), while the v2 output now
 *   carries the string; the string is handed over in the object form it understands;
 * - it knows created, cancelled and rescheduled only. A change in place (host, location, confirmation)
 *   is mirrored by taking the booking's events out and writing them again for the hosts it now has.
 */
import { syncBookingToCalendars, type BookingChange } from "../calendars/booking-sync";
import type { TBookingOutput } from "./booking.dto";

const forSync = (booking: TBookingOutput) => ({ ...booking, location: booking.location ? { address: booking.location } : null }) as unknown as TBookingOutput;

export async function syncCalendars(change: BookingChange | "edited", booking: TBookingOutput): Promise<void> {
  if (change !== "edited") return syncBookingToCalendars(change, forSync(booking));
  await syncBookingToCalendars("cancelled", forSync(booking));
  await syncBookingToCalendars("created", forSync(booking));
}
