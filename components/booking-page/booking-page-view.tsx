import { supportedTimeZones } from "@/server/onboarding/time-zone-list";
import { BookingFlow } from "./booking-flow";
import { EventSummary } from "./event-summary";
import type { TBookingPageEvent } from "./types";

/** The booking page's body, for /{username}/{slug}, a team's /team/{teamSlug}/{slug} (or /org/{orgSlug}/team/{teamSlug}/{slug}) and a private link's /d/{linkId}/{slug}. */
export function BookingPageView({ page }: { page: TBookingPageEvent }) {
  return (
    <main className="mx-auto max-w-5xl px-6 py-10">
      <div className="grid gap-8 lg:grid-cols-[18rem_1fr]">
        <EventSummary page={page} />
        <BookingFlow page={page} timeZones={supportedTimeZones("UTC")} />
      </div>
    </main>
  );
}
