/**
 * Upcoming bookings, in the viewer's time zone (named). Read-only for now: confirming, cancelling and rescheduling
 * in the site are the second half of issue 22, to be built on the shell and the form kit.
 */
import { formatInZone } from "@/server/time/zoned-dates";

type Props = {
  timeZone: string;
  bookings: { uid: string; title: string; start: string; end: string; status: string; meetingUrl?: string; attendees: { name: string }[] }[];
};

export function BookingOverview({ timeZone, bookings }: Props) {
  return (
    <>
      <h1 className="text-2xl font-semibold">Bookings</h1>
      <p className="mt-2 max-w-prose text-sm text-slate-600">Your upcoming meetings, in your time zone ({timeZone.replaceAll("_", " ")}).</p>
      {bookings.length === 0 ? (
        <p className="mt-6 text-sm text-slate-600">No upcoming bookings.</p>
      ) : (
        <ul aria-label="Upcoming bookings" className="mt-6 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {bookings.map((booking) => (
            <li key={booking.uid} className="px-4 py-3">
              <p className="font-medium text-slate-900">{booking.title}</p>
              <p className="text-sm text-slate-600">
                {formatInZone(booking.start, timeZone)} · {booking.attendees.map((attendee) => attendee.name).join(", ")} · {booking.status}
              </p>
              {booking.meetingUrl && (
                <a href={booking.meetingUrl} className="text-sm text-indigo-700 underline" target="_blank" rel="noreferrer">
                  Join the meeting<span className="sr-only"> {booking.title}</span>: {booking.meetingUrl}
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
