/**
 * The two tables a booking list can walk, described once so that its filters (booking-list-filters.ts), sorts and
 * cursor (booking-list-cursor.ts) are written once for both:
 * - host rows (BookingHost): "my bookings", one row per booking the caller hosts, served by its (userId, start)
 *   index; start and end are the row's copies of the booking's;
 * - bookings (Booking): a team's bookings, one row per booking however many hosts it has.
 * A shape turns "a condition on the booking / on a sort key / on the booking id" into that table's Prisma input.
 */
import type { Prisma } from "../db/generated/client";

export type SortKey = "start" | "end" | "createdAt" | "updatedAt";
type Direction = "asc" | "desc";

export type BookingRowShape<Where, OrderBy> = {
  /** A condition on the booking itself. */
  booking: (where: Prisma.BookingWhereInput) => Where;
  /** A condition on one of the sort keys. */
  key: (key: SortKey, filter: Prisma.DateTimeFilter | Date) => Where;
  /** A condition on the booking id. */
  id: (filter: Prisma.IntFilter) => Where;
  all: (conditions: Where[]) => Where;
  any: (conditions: Where[]) => Where;
  orderBy: (key: SortKey, direction: Direction) => OrderBy;
  /** The tiebreaker that makes an order total. */
  idOrder: OrderBy;
};

/** start and end are the host row's indexed copies; created and updated live on the booking. */
const onHostRow = (key: SortKey): key is "start" | "end" => key === "start" || key === "end";

export const HOST_ROWS: BookingRowShape<Prisma.BookingHostWhereInput, Prisma.BookingHostOrderByWithRelationInput> = {
  booking: (where) => ({ booking: where }),
  key: (key, filter) => (onHostRow(key) ? { [key]: filter } : { booking: { [key]: filter } }),
  id: (filter) => ({ bookingId: filter }),
  all: (conditions) => ({ AND: conditions }),
  any: (conditions) => ({ OR: conditions }),
  orderBy: (key, direction) => (onHostRow(key) ? { [key]: direction } : { booking: { [key]: direction } }),
  idOrder: { bookingId: "asc" },
};

export const BOOKING_ROWS: BookingRowShape<Prisma.BookingWhereInput, Prisma.BookingOrderByWithRelationInput> = {
  booking: (where) => where,
  key: (key, filter) => ({ [key]: filter }),
  id: (filter) => ({ id: filter }),
  all: (conditions) => ({ AND: conditions }),
  any: (conditions) => ({ OR: conditions }),
  orderBy: (key, direction) => ({ [key]: direction }),
  idOrder: { id: "asc" },
};

/** Which bookings a list walks (booking-access.ts builds them): the caller's host rows, or a set of bookings. */
export type BookingListScope = { hostRows: Prisma.BookingHostWhereInput } | { bookings: Prisma.BookingWhereInput };
