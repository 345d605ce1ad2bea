/** The lists as links (each its own URL, so a tab can be bookmarked and reloaded), the current one marked. */
import Link from "next/link";
import { FOCUS_RING } from "../ui/button";

export const BOOKING_TABS = [
  { id: "upcoming", label: "Upcoming", empty: "No upcoming bookings." },
  { id: "unconfirmed", label: "Unconfirmed", empty: "No bookings wait for your confirmation." },
  { id: "recurring", label: "Recurring", empty: "No upcoming occurrences of a series." },
  { id: "past", label: "Past", empty: "No past bookings." },
  { id: "cancelled", label: "Cancelled", empty: "No cancelled or declined bookings." },
] as const;
export type TBookingTab = (typeof BOOKING_TABS)[number]["id"];

export function BookingTabs({ current }: { current: TBookingTab }) {
  return (
    <nav aria-label="Booking lists" className="overflow-x-auto border-b border-slate-200">
      <ul className="flex gap-1">
        {BOOKING_TABS.map((tab) => {
          const isCurrent = tab.id === current;
          return (
            <li key={tab.id}>
              <Link
                href={`/bookings/${tab.id}`}
                aria-current={isCurrent ? "page" : undefined}
                className={`block rounded-t-md border-b-2 px-4 py-2 text-sm whitespace-nowrap ${FOCUS_RING} ${
                  isCurrent ? "border-indigo-600 font-medium text-indigo-800" : "border-transparent text-slate-700 hover:text-slate-900"
                }`}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
