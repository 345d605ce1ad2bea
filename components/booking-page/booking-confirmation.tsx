import { Button } from "../ui/button";
import type { TBookingConfirmation, TBookingPageEvent } from "./types";
import { formatRange, zoneLabel } from "./zoned-format";

type Props = { page: TBookingPageEvent; confirmation: TBookingConfirmation; timeZone: string; onBookAnother: () => void };

export function BookingConfirmation({ page, confirmation, timeZone, onBookAnother }: Props) {
  const { isPending, start, end, hostNames, attendee, guests, location } = confirmation;
  return (
    <section aria-labelledby="confirmation-heading" role="status" className="rounded-lg border border-emerald-200 bg-white p-6 shadow-sm">
      <h2 id="confirmation-heading" className="text-lg font-semibold">
        {isPending ? "Booking requested" : "This meeting is scheduled"}
      </h2>
      {isPending && <p className="mt-1 text-sm text-amber-800">Pending confirmation by the host.</p>}
      <dl className="mt-4 grid grid-cols-[6rem_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-slate-500">What</dt>
        <dd>{page.title}</dd>
        <dt className="text-slate-500">When</dt>
        <dd>
          {formatRange(start, end, timeZone)} ({zoneLabel(timeZone)})
        </dd>
        {location && (
          <>
            <dt className="text-slate-500">Where</dt>
            <dd className="break-words">{location}</dd>
          </>
        )}
        <dt className="text-slate-500">Who</dt>
        <dd>
          <ul>
            {hostNames.map((name) => (
              <li key={name}>{name} (host)</li>
            ))}
            <li>
              {attendee.name} ({attendee.email})
            </li>
            {guests.map((email) => (
              <li key={email}>{email} (guest)</li>
            ))}
          </ul>
        </dd>
      </dl>
      <Button variant="secondary" className="mt-6" onClick={onBookAnother}>
        Book another time
      </Button>
    </section>
  );
}
