"use client";
/** One booking in a list: when (in the viewer's zone, named), what, with whom, its status; opens the details. */
import type { TBookingOutput } from "@/server/bookings/booking.dto";
import { formatInZone } from "@/server/time/zoned-dates";
import { FOCUS_RING } from "../ui/button";
import { StatusBadge } from "./status-badge";

export function BookingRow({ booking, timeZone, onOpen }: { booking: TBookingOutput; timeZone: string; onOpen: () => void }) {
  const people = booking.attendees.map((attendee) => attendee.name).join(", ");
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        className={`flex w-full flex-col gap-1 px-4 py-3 text-left hover:bg-slate-50 sm:flex-row sm:items-center sm:justify-between ${FOCUS_RING}`}
      >
        <span className="min-w-0">
          <span className="block font-medium text-slate-900">{booking.title}</span>
          <span className="block text-sm text-slate-600">
            <time dateTime={booking.start}>{formatInZone(booking.start, timeZone)}</time> · {booking.duration} min · {people}
          </span>
        </span>
        <StatusBadge status={booking.status} />
      </button>
    </li>
  );
}
