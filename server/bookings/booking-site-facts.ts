/**
 * What the host's bookings pages show beyond the v2 booking shape (server/trpc/routers/bookings.ts): an occurrence's
 * place in its series ("2 of 6"), and a seated booking's seats taken of its capacity. Read for a whole list page at
 * once (two queries, whatever its length), so a page of occurrences costs no query per row.
 */
import { db } from "../db/client";

export type TSeriesPlace = { position: number; count: number };
export type TSeatCount = { taken: number; capacity: number };
export type TListFacts = { series: TSeriesPlace | null; seats: TSeatCount | null };

/** A series' occurrences as it stands: a moved occurrence's replacement counts, the booking it replaced does not. */
const SERIES_OCCURRENCE = { rescheduledToUid: null } as const;

/** Per booking uid of `bookings`: its series place and its seats, where it has them. */
export async function listFactsOf(bookings: { uid: string; recurringBookingUid?: string }[]): Promise<Map<string, TListFacts>> {
  const seriesUids = [...new Set(bookings.flatMap((booking) => (booking.recurringBookingUid ? [booking.recurringBookingUid] : [])))];
  const [occurrences, seated] = await Promise.all([
    seriesUids.length
      ? db.booking.findMany({
          where: { recurringBookingUid: { in: seriesUids }, ...SERIES_OCCURRENCE },
          orderBy: [{ start: "asc" }, { id: "asc" }],
          select: { uid: true, recurringBookingUid: true },
        })
      : [],
    db.booking.findMany({
      where: { uid: { in: bookings.map((booking) => booking.uid) }, seatCapacity: { not: null } },
      select: { uid: true, seatCapacity: true, seatsTaken: true },
    }),
  ]);
  const facts = new Map<string, TListFacts>();
  for (const booking of bookings) {
    const series = booking.recurringBookingUid ? occurrences.filter((row) => row.recurringBookingUid === booking.recurringBookingUid) : [];
    const index = series.findIndex((row) => row.uid === booking.uid);
    const seats = seated.find((row) => row.uid === booking.uid);
    facts.set(booking.uid, {
      series: index < 0 ? null : { position: index + 1, count: series.length },
      seats: seats ? { taken: seats.seatsTaken, capacity: seats.seatCapacity! } : null,
    });
  }
  return facts;
}

/** The list page's bookings with their facts. */
export async function withListFacts<T extends { uid: string; recurringBookingUid?: string }>(items: T[]): Promise<(T & TListFacts)[]> {
  const facts = await listFactsOf(items);
  return items.map((item) => ({ ...item, ...facts.get(item.uid)! }));
}
