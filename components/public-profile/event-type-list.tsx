import Link from "next/link";
import { FOCUS_RING } from "../ui/button";
import type { TListedEventType } from "@/server/booking-page/public-profile.service";

type Props = { basePath: string; eventTypes: TListedEventType[]; /** Names the list when a page shows several (an organization's teams). */ label?: string };

/** The event types a public page lists, each a link to its booking page under `basePath`. */
export function EventTypeList({ basePath, eventTypes, label = "Event types" }: Props) {
  if (eventTypes.length === 0) return <p className="mt-8 text-slate-600">Nothing can be booked here at the moment.</p>;
  return (
    <ul className="mt-8 space-y-3" aria-label={label}>
      {eventTypes.map((eventType) => (
        <li key={eventType.id}>
          <Link
            href={`${basePath}/${eventType.slug}`}
            className={`block rounded-lg border border-slate-200 bg-white p-4 shadow-sm hover:border-indigo-400 ${FOCUS_RING}`}
          >
            <span className="block font-medium [overflow-wrap:anywhere] text-slate-900">{eventType.title}</span>
            <span className="mt-1 block text-sm text-slate-600">{eventType.lengthInMinutes} minutes</span>
            {eventType.description && <span className="mt-2 block text-sm [overflow-wrap:anywhere] text-slate-700">{eventType.description}</span>}
          </Link>
        </li>
      ))}
    </ul>
  );
}
