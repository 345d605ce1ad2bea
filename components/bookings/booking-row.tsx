"use client";
/**
 * One booking in a list: when (in the viewer's zone, named), what, with whom (every seat's attendee of a seated one),
 * its place in a series and its seats, its status; opens the details (where a series lists its other dates).
 */
import type { TBookingOutput } from "@/server/bookings/booking.dto";
import type { TListFacts } from "@/server/bookings/booking-site-facts";
import { formatInZone } from "@/server/time/zoned-dates";
import { FOCUS_RING } from "../ui/button";
import { StatusBadge } from "./status-badge";

/** The row's second line: "2 of 6 in a series" for an occurrence, "3 of 10 seats taken" for a seated booking. */
function factsLine({ series, seats }: TListFacts): string | null {
  const parts = [
    series ? `Occurrence ${series.position} of ${series.count} in a series` : null,
    seats ? `${seats.taken} of ${seats.capacity} seats taken` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(" · ") : null;
}

export function BookingRow({ booking, timeZone, onOpen }: { booking: TBookingOutput & TListFacts; timeZone: string; onOpen: () => void }) {
  const facts = factsLine(booking);
  const people = booking.attendees.map((attendee) => attendee.name).join(", ");
  return (
    <li className="flex flex-col sm:flex-row sm:items-center">
      <button
        type="button"
        onClick={onOpen}
        className={`flex w-full min-w-0 flex-1 flex-col gap-1 px-4 py-3 text-left hover:bg-slate-50 sm:flex-row sm:items-center sm:justify-between ${FOCUS_RING}`}
      >
        <span className="min-w-0">
          <span className="block font-medium break-words text-slate-900">{booking.title}</span>
          <span className="block text-sm text-slate-600">
            <time dateTime={booking.start}>{formatInZone(booking.start, timeZone)}</time> · {booking.duration} min · {people}
          </span>
          {facts && <span className="block text-xs text-slate-600">{facts}</span>}
          {booking.recurringBookingUid && !booking.series && <span className="block text-xs text-slate-600">One occurrence of a series</span>}
        </span>
        <StatusBadge booking={booking} />
      </button>
      {booking.status === "cancelled" && booking.rescheduledToUid && (
        <a href={`/booking/${booking.rescheduledToUid}`} className={`shrink-0 px-4 pb-3 text-sm text-indigo-700 underline sm:py-3 ${FOCUS_RING}`}>
          See the new time<span className="sr-only"> of {booking.title}</span>
        </a>
      )}
      {/* Beside the row's button, not in it: a link inside a button is not reachable on its own. */}
      {booking.meetingUrl && booking.status === "accepted" && (
        <a href={booking.meetingUrl} target="_blank" rel="noreferrer" className={`shrink-0 px-4 pb-3 text-sm text-indigo-700 underline sm:py-3 ${FOCUS_RING}`}>
          Join the meeting<span className="sr-only"> {booking.title}</span>
        </a>
      )}
    </li>
  );
}
