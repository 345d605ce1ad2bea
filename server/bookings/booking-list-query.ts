/**
 * The query of GET /v2/bookings: the spec's filters (status, attendeeEmail, eventTypeId, afterStart, beforeEnd,
 * sortStart, sortEnd, sortCreated, take, skip) and the peer API's (attendeeName, bookingUid, eventTypeIds,
 * afterCreatedAt … beforeUpdatedAt, sortUpdatedAt, and its status values). GET /v2/teams/{teamId}/bookings takes the
 * same query. The peer's teamId and teamsIds narrow the list to bookings of those teams' event types (and their
 * managed copies), so they are never answered with the caller's other bookings as if filtered; its later `limit`
 * (cal-api-version 2026-05-01, with `cursor`) is take's other name.
 */
import { z } from "zod";
import { MAX_DB_INT, ZDecimalIntParam, ZIdParam } from "../http/ids";
import { MAX_TAKE, ZPaginationQuery } from "../http/pagination";
import { ZTimestamp } from "../time/timestamps";
import { ZEmail } from "../users/user.schemas";
import { BOOKING_STATUSES } from "./booking.schemas";

/** The peer's status values beside the spec's; `cancelled` is in both lists and keeps the spec's meaning. */
export const PEER_STATUS_FILTERS = ["upcoming", "recurring", "past", "unconfirmed"] as const;
export const STATUS_FILTERS = [...BOOKING_STATUSES, ...PEER_STATUS_FILTERS] as const;
export type TStatusFilter = (typeof STATUS_FILTERS)[number];

const STATUS_DESCRIPTION = [
  "Statuses, comma-separated or repeated; a booking matching any of them is listed.",
  "The spec's: accepted, pending, cancelled, rejected (the booking's status).",
  "The peer API's: upcoming (accepted or pending, not yet ended), past (accepted or pending, ended),",
  "unconfirmed (pending, not yet ended), recurring (the live occurrences of series not yet ended).",
  "cancelled is the booking status alone; the peer's cancelled also covers rejected bookings: send cancelled,rejected.",
].join(" ");

/** `a,b` or `?x=a&x=b` (or both) → `["a", "b"]`, blanks dropped. */
const commaList = (value: string | string[]) =>
  (Array.isArray(value) ? value : [value])
    .flatMap((item) => item.split(","))
    .map((item) => item.trim())
    .filter(Boolean);

const ZStatusFilter = z
  .union([z.string(), z.array(z.string())])
  .transform((value, ctx) => {
    const list = commaList(value);
    const unknown = list.filter((item) => !(STATUS_FILTERS as readonly string[]).includes(item));
    if (unknown.length) ctx.addIssue({ code: "custom", message: `Unknown status ${unknown.join(", ")}; use ${STATUS_FILTERS.join(", ")}` });
    return [...new Set(list)] as TStatusFilter[];
  })
  .meta({ type: "array", items: { type: "string", enum: [...STATUS_FILTERS] } });

const ZIdList = (name: string) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((value, ctx) => {
      const ids = commaList(value).map((item) => ZIdParam.safeParse(item));
      if (ids.some((id) => !id.success)) ctx.addIssue({ code: "custom", message: `${name} must be positive integer ids, comma-separated or repeated` });
      return [...new Set(ids.flatMap((id) => (id.success ? [id.data] : [])))];
    })
    .meta({ type: "array", items: { type: "integer", minimum: 1, maximum: MAX_DB_INT } });

const ZSortDirection = z.enum(["asc", "desc"]);
const ZInstant = ZTimestamp();

export const ZListBookingsQuery = ZPaginationQuery.extend({
  status: ZStatusFilter.optional().describe(STATUS_DESCRIPTION),
  attendeeEmail: ZEmail.optional().describe("An attendee's e-mail address (exact)"),
  attendeeName: z.string().trim().min(1).max(200).optional().describe("Text an attendee's name contains, case-insensitive"),
  bookingUid: z.string().min(1).max(64).optional().describe("The booking with this uid"),
  eventTypeId: ZIdParam.optional().describe("Bookings of this event type"),
  eventTypeIds: ZIdList("eventTypeIds").optional().describe("Bookings of any of these event types: ids comma-separated or repeated"),
  teamId: ZIdParam.optional().describe("Bookings of this team's event types (and of their managed copies)"),
  teamsIds: ZIdList("teamsIds").optional().describe("Bookings of any of these teams' event types: ids comma-separated or repeated"),
  limit: ZDecimalIntParam({ min: 1, max: MAX_TAKE })
    .optional()
    .describe("The peer API's name for take (its cursor-paged version): items per page; when sent, it is the page size"),
  afterStart: ZInstant.optional().describe("Bookings starting at or after this instant (ISO 8601 timestamp)"),
  beforeEnd: ZInstant.optional().describe("Bookings ending at or before this instant"),
  afterCreatedAt: ZInstant.optional().describe("Bookings created at or after this instant"),
  beforeCreatedAt: ZInstant.optional().describe("Bookings created at or before this instant"),
  afterUpdatedAt: ZInstant.optional().describe("Bookings last changed (e.g. confirmed, cancelled, moved) at or after this instant"),
  beforeUpdatedAt: ZInstant.optional().describe("Bookings last changed at or before this instant"),
  sortStart: ZSortDirection.optional().describe("Order by start time"),
  sortEnd: ZSortDirection.optional().describe("Order by end time"),
  sortCreated: ZSortDirection.optional().describe("Order by creation time"),
  sortUpdatedAt: ZSortDirection.optional().describe("Order by last change time; with several sorts, they apply in this order: start, end, created, updated"),
  cursor: z
    .string()
    .min(1)
    .max(1000)
    .optional()
    .describe(
      "Keyset pagination: pagination.nextCursor of the previous page, sent with the same filters and sorts (and no skip). Its cost does not grow with depth, unlike skip. On a cursor page, currentPage and remainingItems count from the cursor's position when it was issued.",
    ),
})
  .strict()
  .transform(({ limit, ...query }) => (limit === undefined ? query : { ...query, take: limit }));
export type TListBookingsQuery = z.infer<typeof ZListBookingsQuery>;
