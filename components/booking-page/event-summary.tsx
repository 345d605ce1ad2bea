import type { TBookingPageEvent } from "./types";

/** The event type as the host describes it: server-rendered, the same in every zone. */
export function EventSummary({ page }: { page: TBookingPageEvent }) {
  return (
    <section aria-labelledby="event-title" className="self-start rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <p className="text-sm font-medium text-slate-600">{page.host.name}</p>
      <h1 id="event-title" className="mt-1 text-2xl font-semibold">
        {page.title}
      </h1>
      <p className="mt-3 text-sm text-slate-700">{page.lengthInMinutes} minutes</p>
      {page.requiresConfirmation && <p className="mt-1 text-sm text-slate-700">The host confirms each booking.</p>}
      {page.description && <p className="mt-4 whitespace-pre-line text-sm text-slate-600">{page.description}</p>}
    </section>
  );
}
