import type { TProfilePage } from "@/server/booking-page/profile-page.service";
import { FOCUS_RING } from "../ui/button";
import Link from "next/link";

export function ProfilePageView({ profile }: { profile: TProfilePage }) {
  return (
    <main className="mx-auto max-w-2xl px-4 py-12 sm:px-6">
      <h1 className="text-2xl font-semibold">{profile.name || profile.username}</h1>
      {profile.bio && <p className="mt-2 whitespace-pre-line text-slate-700">{profile.bio}</p>}
      {profile.eventTypes.length === 0 ? (
        <p className="mt-8 text-sm text-slate-600">Nothing to book here yet.</p>
      ) : (
        <ul aria-label="Event types" className="mt-8 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {profile.eventTypes.map((eventType) => (
            <li key={eventType.slug}>
              <Link href={`/${profile.username}/${eventType.slug}`} className={`block px-4 py-3 hover:bg-slate-50 ${FOCUS_RING}`}>
                <span className="font-medium text-slate-900">{eventType.title}</span>
                <span className="mt-1 block text-sm text-slate-600">{eventType.lengthInMinutes} minutes</span>
                {eventType.description && <span className="mt-1 block text-sm text-slate-600">{eventType.description}</span>}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
