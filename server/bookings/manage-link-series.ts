/**
 * A series as its occurrence's page shows it (manage-link.service.ts): which occurrence of how many this is, and the
 * series' other dates, each a link to that occurrence's own page.
 *
 * The holder of one occurrence's link is the series' booker, who was mailed every occurrence at once; so their page
 * links each other occurrence with that occurrence's own token, and they manage any occurrence alone from there. A
 * signed-in viewer (a host, an attendee with an account) gets the links without tokens: those pages open for them.
 */
import { db } from "../db/client";
import { manageTokenFor } from "./manage-link";

export type TSeriesOccurrence = {
  uid: string;
  start: string;
  end: string;
  status: "accepted" | "requested" | "cancelled" | "declined";
  isThis: boolean;
  /** The occurrence's page, with its token for the link's holder. */
  href: string;
};

export type TManagedSeries = {
  /** This occurrence's place in the series (1-based), null for an occurrence since moved (its new booking took its place). */
  position: number | null;
  count: number;
  occurrences: TSeriesOccurrence[];
  /** Live occurrences after this one: what "this and all later occurrences" also cancels. */
  laterLiveCount: number;
};

const STATUS = { ACCEPTED: "accepted", PENDING: "requested", CANCELLED: "cancelled", REJECTED: "declined" } as const;

/** The series of `booking`, or null for a booking that is not an occurrence of one. */
export async function managedSeriesOf(
  booking: { uid: string; start: string; recurringBookingUid?: string },
  withTokens: boolean,
): Promise<TManagedSeries | null> {
  if (!booking.recurringBookingUid) return null;
  // A moved occurrence leaves a cancelled booking behind that names its replacement: the replacement is the occurrence.
  const rows = await db.booking.findMany({
    where: { recurringBookingUid: booking.recurringBookingUid, rescheduledToUid: null },
    orderBy: [{ start: "asc" }, { id: "asc" }],
    select: { uid: true, start: true, end: true, status: true, manageNonce: true },
  });
  const occurrences = rows.map((row): TSeriesOccurrence => {
    const token = withTokens ? manageTokenFor(row) : null;
    return {
      uid: row.uid,
      start: row.start.toISOString(),
      end: row.end.toISOString(),
      status: STATUS[row.status],
      isThis: row.uid === booking.uid,
      href: `/booking/${row.uid}${token ? `?token=${encodeURIComponent(token)}` : ""}`,
    };
  });
  const index = occurrences.findIndex((occurrence) => occurrence.isThis);
  const laterLiveCount = rows.filter((row) => row.start.toISOString() > booking.start && (row.status === "ACCEPTED" || row.status === "PENDING")).length;
  return { position: index < 0 ? null : index + 1, count: occurrences.length, occurrences, laterLiveCount };
}
