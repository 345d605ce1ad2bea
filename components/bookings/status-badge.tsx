import type { TBookingOutput } from "@/server/bookings/booking.dto";

const STATUS = {
  accepted: { label: "Confirmed", className: "bg-emerald-50 text-emerald-800 border-emerald-200" },
  pending: { label: "Unconfirmed", className: "bg-amber-50 text-amber-900 border-amber-200" },
  cancelled: { label: "Cancelled", className: "bg-slate-100 text-slate-700 border-slate-200" },
  rescheduled: { label: "Rescheduled", className: "bg-sky-50 text-sky-900 border-sky-200" },
  rejected: { label: "Declined", className: "bg-red-50 text-red-800 border-red-200" },
} as const;

/** A booking moved to another time is stored as cancelled with a successor; people call that rescheduled. */
export const shownStatus = (booking: Pick<TBookingOutput, "status" | "rescheduledToUid">) =>
  booking.status === "cancelled" && booking.rescheduledToUid ? "rescheduled" : booking.status;

export function StatusBadge({ booking }: { booking: Pick<TBookingOutput, "status" | "rescheduledToUid"> }) {
  const { label, className } = STATUS[shownStatus(booking)];
  return <span className={`inline-flex shrink-0 self-start rounded-full border px-2 py-0.5 text-xs font-medium sm:self-auto ${className}`}>{label}</span>;
}
