/** Reading bookings: the filtered, sorted, paginated list, one booking, and what hangs off it. */
import { requirePermission } from "../teams/team-roles";
import type { Actor } from "../auth/actor";
import { db } from "../db/client";
import { Page } from "../http/pagination";
import { requireOrgPermission } from "../organizations/organization-access";
import { bookingsOfTeam, bookingsVisibleTo, getManagedBooking, hostRowsOf, resolveBookingsOfOrganization } from "./booking-access";
import { BOOKING_SELECT, toBookingOutput } from "./booking.dto";
import { AppError } from "../errors";
import { bookingListFilters } from "./booking-list-filters";
import { afterCursor, bookingSortSpec, decodeCursor, encodeCursor, orderByOf, type CursorRow, type SortSpec } from "./booking-list-cursor";
import { BOOKING_ROWS, HOST_ROWS, type BookingListScope } from "./booking-list-rows";
import type { TListBookingsQuery } from "./booking-list-query";
import { addToCalendarLinks } from "./manage-link-calendars";
import { withSeatsForManagers, type MaybeSeatedRow } from "./seated-outputs";

/**
 * The bookings the caller manages, by the same rule as every single-booking read and edit (booking-access.ts:
 * the caller hosts them), applied from BookingHost's side: its (userId, start) index serves the filter, the
 * default order and deep pages alike. (Admitting event-type owners too needs an OR across two relations,
 * which made PostgreSQL scan every booking: ~0.5 s a page at 200k bookings.)
 */
export const listBookings = (actor: Actor, query: TListBookingsQuery) => listBookingsIn({ hostRows: hostRowsOf(actor) }, query);

/** GET /v2/teams/{teamId}/bookings: the same filters, sorts, pages and output over the team's bookings. */
export async function listTeamBookings(actor: Actor, teamId: number, query: TListBookingsQuery) {
  await requirePermission(actor, { teamId }, "booking.readAll");
  return listBookingsIn({ bookings: bookingsOfTeam(actor, teamId) }, query);
}

/** The organization's bookings as a query, or the refusal requireOrgPermission answers (404 or 403). */
async function organizationBookingsOrRefusal(actor: Actor, orgId: number) {
  const bookings = await resolveBookingsOfOrganization(actor, orgId);
  if (bookings) return bookings;
  await requireOrgPermission(actor, orgId, "org.bookings.read");
  throw new AppError("NOT_FOUND", "Organization not found");
}

/**
 * GET /v2/organizations/{orgId}/bookings: the same filters, sorts, pages and output over the bookings of the
 * organization's teams and members (resolveBookingsOfOrganization), for its owners and admins.
 */
export async function listOrganizationBookings(actor: Actor, orgId: number, query: TListBookingsQuery) {
  const bookings = await organizationBookingsOrRefusal(actor, orgId);
  return listBookingsIn({ bookings }, query);
}

type ListRow = CursorRow & { booking: MaybeSeatedRow };

/** A listed booking's row: whether it is seated rides along, so only a page with a seated booking reads seats (one query). */
const LIST_SELECT = { ...BOOKING_SELECT, seatCapacity: true } as const;

/** One page of the scope's rows (and the count of all of them) on the table the scope names (booking-list-rows.ts). */
function readPage(scope: BookingListScope, query: TListBookingsQuery, spec: SortSpec, cursor: { values: Date[]; id: number } | null, now: Date) {
  // One row more than the page tells whether a next page exists without another query.
  const page = { take: query.take + 1, skip: cursor ? 0 : query.skip };
  if ("hostRows" in scope) {
    const where = HOST_ROWS.all([scope.hostRows, ...bookingListFilters(HOST_ROWS, query, now)]);
    return Promise.all([
      db.bookingHost.findMany({
        // Bookings of this page only: a joined load (relationJoins) would build the JSON of every row `skip` passes.
        relationLoadStrategy: "query",
        where: cursor ? HOST_ROWS.all([where, afterCursor(HOST_ROWS, spec, cursor)]) : where,
        orderBy: orderByOf(HOST_ROWS, spec),
        ...page,
        select: { bookingId: true, start: true, end: true, booking: { select: LIST_SELECT } },
      }) as Promise<ListRow[]>,
      db.bookingHost.count({ where }),
    ]);
  }
  const where = BOOKING_ROWS.all([scope.bookings, ...bookingListFilters(BOOKING_ROWS, query, now)]);
  return Promise.all([
    db.booking
      .findMany({
        // As above: the page's relations only, not the JSON of every row `skip` passes over.
        relationLoadStrategy: "query",
        where: cursor ? BOOKING_ROWS.all([where, afterCursor(BOOKING_ROWS, spec, cursor)]) : where,
        orderBy: orderByOf(BOOKING_ROWS, spec),
        ...page,
        select: LIST_SELECT,
      })
      .then((rows): ListRow[] => rows.map((booking) => ({ bookingId: booking.id, start: booking.start, end: booking.end, booking }))),
    db.booking.count({ where }),
  ]);
}

/** Pages are by take/skip, or by `cursor` (booking-list-cursor.ts), whose cost does not grow with depth. */
async function listBookingsIn(scope: BookingListScope, query: TListBookingsQuery) {
  if (query.cursor && query.skip > 0)
    throw new AppError("BAD_REQUEST", "Send cursor or skip, not both", [{ path: "query.skip", message: "Not allowed with cursor" }]);
  const spec = bookingSortSpec(query);
  const cursor = query.cursor ? decodeCursor(query.cursor, spec) : null;
  const [rows, total] = await readPage(scope, query, spec, cursor, new Date());
  const page = rows.slice(0, query.take);
  const last = page.at(-1);
  // For a cursor page, "skip" is what lay before it when the cursor was issued, so the figures read as for take/skip.
  const before = cursor ? cursor.offset : query.skip;
  const nextCursor = rows.length > query.take && last ? encodeCursor(spec, last, before + page.length) : undefined;
  // Seated bookings in the peer's seated shape, every seat shown: the list holds only bookings its caller may read whole.
  return new Page(await withSeatsForManagers(page.map((row) => row.booking)), total, { take: query.take, skip: before }, { nextCursor });
}

/**
 * One booking of the organization's list (its details in /settings/organizations/{orgId}): any booking that list
 * shows, a member's personal one included, for those who may read the organization's bookings. Reading only: acting
 * on it still goes through the booking's own access (bookingsVisibleTo).
 */
export async function getOrganizationBooking(actor: Actor, orgId: number, uid: string) {
  const bookings = await organizationBookingsOrRefusal(actor, orgId);
  const booking = await db.booking.findFirst({ where: { AND: [{ uid }, bookings] }, select: LIST_SELECT });
  if (!booking) throw new AppError("NOT_FOUND", "Booking not found");
  return (await withSeatsForManagers([booking]))[0]!;
}

export async function getBooking(actor: Actor, uid: string) {
  return toBookingOutput(await getManagedBooking(db, actor, uid));
}

/**
 * GET /v2/bookings/{uid}: a booking by its uid; a series by its recurringBookingUid (the peer's
 * RecurringBookingOutput_2024_08_13[]: every occurrence, cancelled ones too, in start order), for whoever may read them.
 * A seated booking, or a seated series' occurrences, with every seat (GetSeatedBookingOutput_2024_08_13,
 * GetRecurringSeatedBookingOutput_2024_08_13[]): its readers here are those who manage it.
 */
export async function getBookingOrSeries(actor: Actor, uid: string) {
  const booking = await db.booking.findFirst({ where: { AND: [{ uid }, bookingsVisibleTo(actor)] }, select: LIST_SELECT });
  if (booking) return (await withSeatsForManagers([booking]))[0]!;
  const series = await db.booking.findMany({
    where: { AND: [{ recurringBookingUid: uid }, bookingsVisibleTo(actor)] },
    orderBy: [{ start: "asc" }, { id: "asc" }],
    select: LIST_SELECT,
  });
  if (series.length === 0) throw new AppError("NOT_FOUND", "Booking not found");
  return withSeatsForManagers(series);
}

/** `type`: only references of that kind (the calendar or video app's type, e.g. google_calendar). */
export async function listReferences(actor: Actor, uid: string, type?: string) {
  return referencesOf(await getManagedBooking(db, actor, uid), type);
}

/** A team booking's references (GET /v2/organizations/{orgId}/teams/{teamId}/bookings/{bookingUid}/references), for its team's owners and admins. */
export async function listTeamBookingReferences(actor: Actor, teamId: number, uid: string, type?: string) {
  await requirePermission(actor, { teamId }, "booking.readAll");
  const booking = await db.booking.findFirst({ where: { AND: [{ uid }, bookingsOfTeam(actor, teamId)] }, select: { id: true } });
  if (!booking) throw new AppError("NOT_FOUND", "Booking not found");
  return referencesOf(booking, type);
}

async function referencesOf(booking: { id: number }, type?: string) {
  const references = await db.bookingReference.findMany({
    where: { bookingId: booking.id, ...(type ? { type } : {}) },
    select: { id: true, type: true, externalId: true, credentialId: true },
    orderBy: { id: "asc" },
  });
  return references.map((reference) => ({
    id: reference.id,
    type: reference.type,
    eventUid: reference.externalId,
    destinationCalendarId: reference.credentialId === null ? null : String(reference.credentialId),
  }));
}

/** "Add to calendar" links built from the booking itself; the ICS link serves the same invitation the mails carry. */
export async function calendarLinks(actor: Actor, uid: string) {
  const booking = toBookingOutput(await getManagedBooking(db, actor, uid));
  return addToCalendarLinks(booking);
}

/**
 * Convene has no video platform of its own yet, so a booking has no recordings, transcripts or
 * conferencing sessions; the endpoints answer with the real (empty) lists after checking access.
 */
export async function emptyMediaList(actor: Actor, uid: string): Promise<never[]> {
  await getManagedBooking(db, actor, uid);
  return [];
}
