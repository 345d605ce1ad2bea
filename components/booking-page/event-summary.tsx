import { describeRecurrence } from "@/server/event-types/recurrence";
import { locationText } from "./location-text";
import type { TBookingPageEvent } from "./types";

/** The event type as the host describes it: server-rendered, the same in every zone. */
export function EventSummary({ page }: { page: TBookingPageEvent }) {
  return (
    <section aria-labelledby="event-title" className="self-start rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <p className="text-sm font-medium text-slate-600">{page.host.name}</p>
      <h1 id="event-title" className="mt-1 text-2xl font-semibold [overflow-wrap:anywhere]">
        {page.title}
      </h1>
      <p className="mt-3 text-sm text-slate-700">{page.lengthInMinutes} minutes</p>
      {page.recurrence && (
        <p className="mt-1 text-sm text-slate-700">
          Repeats {describeRecurrence(page.recurrence, page.recurrence.occurrences)} at most: you choose how many when you book.
        </p>
      )}
      {page.requiresConfirmation && <p className="mt-1 text-sm text-slate-700">The host confirms each booking.</p>}
      {page.locations.length > 0 && (
        <div className="mt-3 text-sm text-slate-700">
          <h2 id="event-locations" className="font-medium text-slate-800">
            {page.locations.length === 1 ? "Where" : "Where (you choose)"}
          </h2>
          <ul aria-labelledby="event-locations" className="mt-1 space-y-1">
            {page.locations.map((location, index) => (
              <li key={index} className="break-words">
                {locationText(location)}
              </li>
            ))}
          </ul>
        </div>
      )}
      {page.description && <p className="mt-4 whitespace-pre-line text-sm text-slate-600">{page.description}</p>}
    </section>
  );
}
