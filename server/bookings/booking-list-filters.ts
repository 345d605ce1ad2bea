/**
 * GET /v2/bookings filters (also GET /v2/teams/{teamId}/bookings) as Prisma conditions on the table the list walks
 * (booking-list-rows.ts), apart from which bookings the list may show (booking-access.ts decides that). On host rows,
 * time filters use the rows' indexed copies of the booking's start and end.
 */
import type { Prisma } from "../db/generated/client";
import type { TListBookingsQuery, TStatusFilter } from "./booking-list-query";
import type { BookingRowShape } from "./booking-list-rows";

type StatusCondition = { booking?: Prisma.BookingWhereInput; end?: Prisma.DateTimeFilter };

const LIVE = { status: { in: ["ACCEPTED", "PENDING"] } } satisfies Prisma.BookingWhereInput;

/**
 * Each status value as a condition; `now` is one instant for the whole request. The peer's values follow its
 * documentation: upcoming and past are the live bookings (accepted or pending) not yet ended / ended, unconfirmed the
 * pending ones not yet ended; recurring the live occurrences of series (recurringBookingUid set) not yet ended.
 */
function statusCondition(status: TStatusFilter, now: Date): StatusCondition {
  switch (status) {
    case "upcoming":
      return { booking: LIVE, end: { gte: now } };
    case "past":
      return { booking: LIVE, end: { lte: now } };
    case "unconfirmed":
      return { booking: { status: "PENDING" }, end: { gte: now } };
    case "recurring":
      return { booking: { ...LIVE, recurringBookingUid: { not: null } }, end: { gte: now } };
    default:
      return { booking: { status: status.toUpperCase() as Prisma.EnumBookingStatusFilter["equals"] } };
  }
}

function statusWhere<W, O>(shape: BookingRowShape<W, O>, statuses: readonly TStatusFilter[], now: Date): W {
  const conditions = statuses
    .map((status) => statusCondition(status, now))
    .map(({ booking, end }) => shape.all([...(booking ? [shape.booking(booking)] : []), ...(end ? [shape.key("end", end)] : [])]));
  return shape.any(conditions);
}

const range = (after: Date | undefined, before: Date | undefined): Prisma.DateTimeFilter | undefined =>
  after || before ? { ...(after ? { gte: after } : {}), ...(before ? { lte: before } : {}) } : undefined;

/** The filter part of the list's `where`; the caller adds which bookings the list may show. */
export function bookingListFilters<W, O>(shape: BookingRowShape<W, O>, query: TListBookingsQuery, now: Date): W[] {
  const eventTypeIds = [...(query.eventTypeId ? [[query.eventTypeId]] : []), ...(query.eventTypeIds ? [query.eventTypeIds] : [])];
  const teamIds = [...(query.teamId ? [[query.teamId]] : []), ...(query.teamsIds ? [query.teamsIds] : [])];
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
    // Likewise teamId and teamsIds; a managed copy (a member's own event type) belongs to its parent's team.
    ...(eventTypeIds.length || teamIds.length
      ? {
          AND: [
            ...eventTypeIds.map((ids) => ({ eventTypeId: { in: ids } })),
            ...teamIds.map((ids) => ({ eventType: { OR: [{ teamId: { in: ids } }, { parent: { teamId: { in: ids } } }] } })),
          ],
        }
      : {}),
  };
  return [
    ...(Object.keys(booking).length ? [shape.booking(booking)] : []),
    ...(query.afterStart ? [shape.key("start", { gte: query.afterStart })] : []),
    ...(query.beforeEnd ? [shape.key("end", { lte: query.beforeEnd })] : []),
    ...(query.status?.length ? [statusWhere(shape, query.status, now)] : []),
  ];
}
