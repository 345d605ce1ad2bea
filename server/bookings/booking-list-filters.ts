/**
 * GET /v2/bookings filters as Prisma conditions, apart from who may see a booking (booking-access.ts decides that).
 * The list reads BookingHost rows, whose start and end copy the booking's, so time filters use the indexed copies.
 */
import type { Prisma } from "../db/generated/client";
import type { TListBookingsQuery, TStatusFilter } from "./booking-list-query";

type StatusCondition = { booking?: Prisma.BookingWhereInput; start?: Prisma.DateTimeFilter; end?: Prisma.DateTimeFilter };

const LIVE = { status: { in: ["ACCEPTED", "PENDING"] } } satisfies Prisma.BookingWhereInput;

/**
 * Each status value as a condition on a host row; `now` is one instant for the whole request. The peer's values
 * follow its documentation: upcoming and past are the live bookings (accepted or pending) not yet ended / ended,
 * unconfirmed the pending ones not yet ended; recurring matches nothing, as Convene has no recurring bookings.
 */
function statusCondition(status: TStatusFilter, now: Date): StatusCondition | null {
  switch (status) {
    case "upcoming":
      return { booking: LIVE, end: { gte: now } };
    case "past":
      return { booking: LIVE, end: { lte: now } };
    case "unconfirmed":
      return { booking: { status: "PENDING" }, end: { gte: now } };
    case "recurring":
      return null;
    default:
      return { booking: { status: status.toUpperCase() as Prisma.EnumBookingStatusFilter["equals"] } };
  }
}

function statusWhere(statuses: readonly TStatusFilter[], now: Date): Prisma.BookingHostWhereInput {
  const conditions = statuses.map((status) => statusCondition(status, now)).filter((condition) => condition !== null);
  // Only "recurring" asked for: nothing matches. (Prisma reads an empty OR as no condition at all.)
  return conditions.length ? { OR: conditions } : { bookingId: { in: [] } };
}

const range = (after: Date | undefined, before: Date | undefined): Prisma.DateTimeFilter | undefined =>
  after || before ? { ...(after ? { gte: after } : {}), ...(before ? { lte: before } : {}) } : undefined;

/** The filter part of the list's `where`; the caller adds the access rule. */
export function bookingListFilters(query: TListBookingsQuery, now: Date): Prisma.BookingHostWhereInput[] {
  const eventTypeIds = [...(query.eventTypeId ? [[query.eventTypeId]] : []), ...(query.eventTypeIds ? [query.eventTypeIds] : [])];
  const booking: Prisma.BookingWhereInput = {
    ...(query.bookingUid ? { uid: query.bookingUid } : {}),
    ...(query.attendeeEmail || query.attendeeName
      ? {
          attendees: {
            some: {
              ...(query.attendeeEmail ? { email: query.attendeeEmail } : {}),
              ...(query.attendeeName ? { name: { contains: query.attendeeName, mode: "insensitive" as const } } : {}),
            },
          },
        }
      : {}),
    ...(range(query.afterCreatedAt, query.beforeCreatedAt) ? { createdAt: range(query.afterCreatedAt, query.beforeCreatedAt) } : {}),
    ...(range(query.afterUpdatedAt, query.beforeUpdatedAt) ? { updatedAt: range(query.afterUpdatedAt, query.beforeUpdatedAt) } : {}),
    // eventTypeId and eventTypeIds together: a booking must match both.
    ...(eventTypeIds.length ? { AND: eventTypeIds.map((ids) => ({ eventTypeId: { in: ids } })) } : {}),
  };
  return [
    ...(Object.keys(booking).length ? [{ booking }] : []),
    ...(query.afterStart ? [{ start: { gte: query.afterStart } }] : []),
    ...(query.beforeEnd ? [{ end: { lte: query.beforeEnd } }] : []),
    ...(query.status?.length ? [statusWhere(query.status, now)] : []),
  ];
}
