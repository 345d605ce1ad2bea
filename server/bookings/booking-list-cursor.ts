/**
 * Keyset pagination of GET /v2/bookings: `cursor` names the last booking of the previous page by its sort key
 * values and booking id, and the next page is "rows after it in the list's order". The database seeks to it
 * through the (userId, start) index (a team list: the (start) index) instead of counting past `skip` rows, so a deep page costs what the first does.
 *
 * The cursor is opaque to clients (base64url JSON) and carries the order it was made for: sent with another
 * order it would skip or repeat rows, so it is refused. It also carries how many rows came before it when it was
 * issued, so a cursor page's pagination figures need no second count (whose cost would grow with the list): rows
 * added or removed before the cursor since then shift currentPage and remainingItems, never the page itself. It is not a secret; it only narrows the caller's own
 * list, which booking-access.ts decides.
 */
import { AppError } from "../errors";
import type { TListBookingsQuery } from "./booking-list-query";
import type { BookingRowShape, SortKey } from "./booking-list-rows";

export type { SortKey };
type Direction = "asc" | "desc";
export type SortSpec = { key: SortKey; direction: Direction }[];

/** The sorts asked for, in the documented precedence (start, end, created, updated); by start when none. */
export function bookingSortSpec(query: Pick<TListBookingsQuery, "sortStart" | "sortEnd" | "sortCreated" | "sortUpdatedAt">): SortSpec {
  const spec: SortSpec = [
    ...(query.sortStart ? [{ key: "start" as const, direction: query.sortStart }] : []),
    ...(query.sortEnd ? [{ key: "end" as const, direction: query.sortEnd }] : []),
    ...(query.sortCreated ? [{ key: "createdAt" as const, direction: query.sortCreated }] : []),
    ...(query.sortUpdatedAt ? [{ key: "updatedAt" as const, direction: query.sortUpdatedAt }] : []),
  ];
  return spec.length ? spec : [{ key: "start", direction: "asc" }];
}

/** The Prisma order: the spec, then booking id as the tiebreaker that makes the order total. */
export function orderByOf<W, O>(shape: BookingRowShape<W, O>, spec: SortSpec): O[] {
  return [...spec.map(({ key, direction }) => shape.orderBy(key, direction)), shape.idOrder];
}

/** What a row must expose to be a cursor's position. */
export type CursorRow = { bookingId: number; start: Date; end: Date; booking: { createdAt: Date; updatedAt: Date } };

type CursorPayload = { order: string; values: string[]; id: number; offset: number };

const orderSignature = (spec: SortSpec) => spec.map(({ key, direction }) => `${key}:${direction}`).join(",");
const valueOf = (row: CursorRow, key: SortKey) => (key === "start" || key === "end" ? row[key] : row.booking[key]);

/** `offset`: how many rows come before the next page (those before and on this one). */
export function encodeCursor(spec: SortSpec, row: CursorRow, offset: number): string {
  const payload: CursorPayload = { order: orderSignature(spec), values: spec.map(({ key }) => valueOf(row, key).toISOString()), id: row.bookingId, offset };
  return Buffer.from(JSON.stringify(payload)).toString("base64url");
}

const invalidCursor = (why: string) =>
  new AppError("BAD_REQUEST", `Invalid cursor: ${why}. Use pagination.nextCursor of the previous page, with the same sort parameters.`, [
    { path: "query.cursor", message: why },
  ]);

export function decodeCursor(cursor: string, spec: SortSpec): { values: Date[]; id: number; offset: number } {
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw invalidCursor("not a cursor this API issued");
  }
  const { order, values, id, offset } = (payload ?? {}) as Partial<CursorPayload>;
  const wellFormed = typeof order === "string" && Array.isArray(values) && Number.isSafeInteger(id) && id! >= 1 && Number.isSafeInteger(offset) && offset! >= 0;
  if (!wellFormed) throw invalidCursor("not a cursor this API issued");
  if (order !== orderSignature(spec)) throw invalidCursor("it was issued for another sort order");
  const dates = values.map((value) => (typeof value === "string" ? new Date(value) : new Date(Number.NaN)));
  if (dates.length !== spec.length || dates.some((date) => Number.isNaN(date.getTime()))) throw invalidCursor("not a cursor this API issued");
  return { values: dates, id: id!, offset: offset! };
}

const comparison = (direction: Direction) => (direction === "asc" ? "gt" : "lt");

/**
 * Rows strictly after the cursor in the order `spec` + bookingId: for keys k1…kn, (k1 beyond v1) or (k1 = v1 and
 * k2 beyond v2) … or (all equal and bookingId > id), "beyond" following each key's direction.
 */
export function afterCursor<W, O>(shape: BookingRowShape<W, O>, spec: SortSpec, cursor: { values: Date[]; id: number }): W {
  const branches: W[] = [];
  for (let i = 0; i <= spec.length; i++) {
    const equalPrefix = spec.slice(0, i).map(({ key }, j) => shape.key(key, cursor.values[j]!));
    const beyond = i < spec.length ? shape.key(spec[i]!.key, { [comparison(spec[i]!.direction)]: cursor.values[i]! }) : shape.id({ gt: cursor.id });
    branches.push(shape.all([...equalPrefix, beyond]));
  }
  // Implied by the branches, but in this form the database can start its index range scan at the cursor.
  const first = spec[0]!;
  const from = shape.key(first.key, { [first.direction === "asc" ? "gte" : "lte"]: cursor.values[0]! });
  return shape.all([from, shape.any(branches)]);
}
