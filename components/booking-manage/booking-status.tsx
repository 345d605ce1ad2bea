import type { ReactNode } from "react";
import { TextLink } from "../ui/text-link";
import { formatRange, zoneLabel } from "../booking-page/zoned-format";
import type { TManagedBookingView } from "./types";

const HEADLINES: Record<TManagedBookingView["status"], string> = {
  requested: "Booking requested",
  accepted: "This meeting is scheduled",
  cancelled: "This booking is cancelled",
  declined: "The host declined this booking",
  rescheduled: "This booking was rescheduled",
};

const BORDERS: Record<TManagedBookingView["status"], string> = {
  requested: "border-amber-300",
  accepted: "border-emerald-300",
  cancelled: "border-slate-300",
  declined: "border-slate-300",
  rescheduled: "border-indigo-300",
};

/** The booking's state as a live region (it changes in place after a cancel), with its details inside. */
export function BookingStatus({ view, timeZone, children }: { view: TManagedBookingView; timeZone: string | null; children: ReactNode }) {
  const next = view.rescheduledTo;
  return (
    <section role="status" aria-labelledby="booking-status-heading" className={`space-y-4 rounded-lg border-2 bg-white p-4 sm:p-6 ${BORDERS[view.status]}`}>
      <div className="space-y-1 text-sm">
        <h2 id="booking-status-heading" className="text-lg font-semibold">
          {HEADLINES[view.status]}
        </h2>
        {view.status === "requested" && <p className="text-amber-900">Pending confirmation by the host.</p>}
        {next && (
          <p>
            Rescheduled to {timeZone ? `${formatRange(next.start, next.end, timeZone)} (${zoneLabel(timeZone)})` : "a new time"}.{" "}
            <TextLink href={`/booking/${next.uid}`}>See the new booking</TextLink> (it opens from the link in the mail about it).
          </p>
        )}
        {view.reason && !next && <p>Reason: {view.reason}</p>}
      </div>
      {children}
    </section>
  );
}
