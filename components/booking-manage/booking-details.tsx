import type { TManagedBookingView } from "./types";
import { formatRange, zoneLabel } from "../booking-page/zoned-format";

/** What, when (in the viewer's zone, named), where and who. */
export function BookingDetails({ view, timeZone }: { view: TManagedBookingView; timeZone: string | null }) {
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[6rem_1fr] sm:gap-y-3">
      <dt className="font-medium text-slate-600">What</dt>
      <dd className="break-words">{view.title}</dd>
      <dt className="mt-2 font-medium text-slate-600 sm:mt-0">When</dt>
      <dd>{timeZone ? `${formatRange(view.start, view.end, timeZone)} (${zoneLabel(timeZone)})` : "…"}</dd>
      {(view.meetingUrl || view.location) && (
        <>
          <dt className="mt-2 font-medium text-slate-600 sm:mt-0">Where</dt>
          <dd className="break-words">
            {view.meetingUrl ? (
              <a href={view.meetingUrl} rel="noreferrer noopener" target="_blank" className="font-medium text-indigo-700 underline">
                {view.meetingUrl}
              </a>
            ) : (
              view.location
            )}
            {view.meetingUrl && view.location && view.location !== view.meetingUrl && <span className="block">{view.location}</span>}
          </dd>
        </>
      )}
      <dt className="mt-2 font-medium text-slate-600 sm:mt-0">Who</dt>
      <dd>
        <ul className="space-y-1">
          {view.hosts.map((host) => (
            <li key={`host-${host.email}`} className="break-words">
              {host.name} (host) ·{" "}
              <a href={`mailto:${host.email}`} className="text-indigo-700 underline">
                {host.email}
              </a>
            </li>
          ))}
          {view.attendees.map((attendee) => (
            <li key={`attendee-${attendee.email}`} className="break-words">
              {attendee.isGuest ? `${attendee.email} (guest)` : `${attendee.name} (${attendee.email})`}
            </li>
          ))}
        </ul>
      </dd>
    </dl>
  );
}
