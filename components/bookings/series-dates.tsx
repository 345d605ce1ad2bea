import type { TManagedSeries } from "@/server/bookings/manage-link-series";
import { formatInZone } from "@/server/time/zoned-dates";

const STATUS_TEXT = { accepted: "", requested: " (unconfirmed)", cancelled: " (cancelled)", declined: " (declined)" } as const;

/** An occurrence's series in the host's details: which one it is of how many, and every date, this one marked. */
export function SeriesDates({ series, timeZone }: { series: TManagedSeries; timeZone: string }) {
  return (
    <>
      <p>{series.position ? `Occurrence ${series.position} of ${series.count}` : `A moved occurrence of a series of ${series.count}`}</p>
      <ol aria-label="Occurrences of the series" className="mt-1 list-decimal pl-5">
        {series.occurrences.map((occurrence) => (
          <li key={occurrence.uid} aria-current={occurrence.isThis ? "true" : undefined} className={occurrence.isThis ? "font-medium" : ""}>
            <time dateTime={occurrence.start}>{formatInZone(occurrence.start, timeZone)}</time>
            {occurrence.isThis ? " (this one)" : ""}
            {STATUS_TEXT[occurrence.status]}
          </li>
        ))}
      </ol>
    </>
  );
}
