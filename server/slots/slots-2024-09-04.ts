/**
 * GET /v2/slots, the peer's version 2024-09-04: the same slots as GET /v2/slots/available (one engine,
 * slot-listings.ts), shaped as the peer answers them: `{ "YYYY-MM-DD": [{ start }] }`, days and times in the
 * requested zone, each time with that zone's offset; `format=range` adds each slot's `end`.
 */
import { z } from "zod";
import { db } from "../db/client";
import { assertVisible } from "../event-types/private-link.service";
import { isoDateFromDayNumber, localDayReader, MINUTES_PER_DAY, offsetAt, offsetReader } from "./local-time";
import type { Slot } from "./slots";
import type { TSlotsQuery } from "./slots-2024-09-04.schemas";
import { listSlots } from "./slot-listings";
import { slotLengthOf } from "./slot-length";
import { resolveSlotEventType } from "./slot-event-type";
import { withRoutedHosts } from "./routed-hosts";
import { toMinuteCeil } from "./slot-inputs";

export const ZSlotsOutput = z
  .record(
    z.string().describe("YYYY-MM-DD in the requested timeZone"),
    z.array(
      z.object({
        start: z
          .string()
          .describe(
            "Slot start, ISO 8601 in the requested timeZone with its offset, e.g. 2050-09-05T09:00:00.000+02:00 (in UTC itself: 2050-09-05T07:00:00.000Z)",
          ),
        end: z.string().optional().describe("Slot end, same form; only with format=range"),
        attendeesCount: z.number().int().optional().describe("Seated event types: attendees already booked at this time (the slot's booking has seats left)"),
        bookingUid: z.string().optional().describe("Seated event types: the booking a seat at this time joins"),
      }),
    ),
  )
  .describe("Days with at least one slot, in ascending order");
export type TSlotsOutput = z.infer<typeof ZSlotsOutput>;

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

/**
 * The zone names that are UTC itself, a fixed zero offset (not a zone whose offset is zero for part of the year, such
 * as Europe/London in winter). The peer (luxon's ISO writer) spells their times with `Z`, and so does Convene.
 */
const UTC_ZONE_NAMES = new Set([
  "utc",
  "gmt",
  "uct",
  "zulu",
  "universal",
  "greenwich",
  "etc/utc",
  "etc/gmt",
  "etc/uct",
  "etc/zulu",
  "etc/universal",
  "etc/greenwich",
  "gmt0",
  "etc/gmt0",
  "etc/gmt+0",
  "etc/gmt-0",
]);
export const isUtcZone = (timeZone: string) => UTC_ZONE_NAMES.has(timeZone.toLowerCase());

/**
 * `minute` (UTC) at `offset` (local − UTC) as the peer writes it: local wall-clock time with the offset, milliseconds
 * included; `Z` instead of the offset in UTC itself (`isUtc`).
 */
function zonedIso(minute: number, offset: number, isUtc = false): string {
  const local = minute + offset;
  const day = Math.floor(local / MINUTES_PER_DAY);
  const minuteOfDay = local - day * MINUTES_PER_DAY;
  const sign = offset < 0 ? "-" : "+";
  const zone = isUtc ? "Z" : `${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  return `${isoDateFromDayNumber(day)}T${pad(Math.floor(minuteOfDay / 60))}:${pad(minuteOfDay % 60)}:00.000${zone}`;
}

/** `minute` (UTC) as the peer writes it in `timeZone`. */
export const toZonedIso = (timeZone: string, minute: number) => zonedIso(minute, offsetAt(timeZone, minute), isUtcZone(timeZone));

/**
 * Offsets come from offsetReader (cached per zone and UTC day): asking Intl for every start and end cost several
 * milliseconds per listing.
 */
export function toSlotsOutput(slots: readonly Slot[], query: { timeZone: string; format: "time" | "range" }, length: number): TSlotsOutput {
  const byDay: TSlotsOutput = {};
  const offsetOf = offsetReader(query.timeZone);
  const localDay = localDayReader(query.timeZone);
  const isUtc = isUtcZone(query.timeZone);
  const toIso = (minute: number) => zonedIso(minute, offsetOf(minute), isUtc);
  let day = Number.NaN;
  let list: TSlotsOutput[string] = [];
  for (const { start, seats } of slots) {
    const slot = {
      start: toIso(start),
      ...(query.format === "range" ? { end: toIso(start + length) } : {}),
      ...(seats?.bookingUid ? { attendeesCount: seats.attendeesCount, bookingUid: seats.bookingUid } : {}),
    };
    const slotDay = localDay(start);
    if (slotDay !== day) list = byDay[isoDateFromDayNumber((day = slotDay))] ??= [];
    list.push(slot);
  }
  return byDay;
}

/**
 * Hidden event types are a 404 here (the peer's query has no private link), like a missing one. `teamMemberIds`: a
 * routing form's choice of a round robin's hosts (routed-hosts.ts).
 */
export async function getSlots(query: TSlotsQuery, options: { now?: Date; teamMemberIds?: readonly number[] } = {}): Promise<TSlotsOutput> {
  const eventType = withRoutedHosts(await resolveSlotEventType(query), options.teamMemberIds);
  await assertVisible(db, eventType, undefined);
  const length = slotLengthOf(eventType, query.duration, "query.duration");
  const range = { start: toMinuteCeil(query.start), end: toMinuteCeil(query.end) };
  const slots = await listSlots(eventType, { range, length, now: options.now ?? new Date(), ignoreBookingUid: query.bookingUidToReschedule });
  return toSlotsOutput(slots, query, length);
}
