import { formatRange } from "../booking-page/zoned-format";
import { TextLink } from "../ui/text-link";
import type { TManagedBookingView } from "./types";

type TSeries = NonNullable<TManagedBookingView["series"]>;

const STATUS_TEXT: Record<TSeries["occurrences"][number]["status"], string> = {
  accepted: "",
  requested: " (requested)",
  cancelled: " (cancelled)",
  declined: " (declined)",
};

/** Which occurrence of the series this booking is, and every date of the series, each linking to its own page. */
export function SeriesOccurrences({ series, timeZone }: { series: TSeries; timeZone: string | null }) {
  return (
    <section aria-labelledby="series-heading" className="space-y-2 text-sm">
      <h2 id="series-heading" className="text-base font-semibold">
        {series.position ? `Occurrence ${series.position} of ${series.count} of a series` : `An occurrence of a series of ${series.count}`}
      </h2>
      <p className="text-slate-600">Each occurrence is cancelled or moved on its own page.</p>
      <ol aria-label="Occurrences of the series" className="list-decimal space-y-1 pl-5">
        {series.occurrences.map((occurrence) => {
          const when = timeZone ? formatRange(occurrence.start, occurrence.end, timeZone) : occurrence.start;
          return (
            <li key={occurrence.uid}>
              {occurrence.isThis ? (
                <span aria-current="page" className="font-medium">
                  {when} (this one)
                </span>
              ) : (
                <TextLink href={occurrence.href}>{when}</TextLink>
              )}
              {STATUS_TEXT[occurrence.status]}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
