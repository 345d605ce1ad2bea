/**
 * The public slot listings (GET /v2/slots/available, GET /v2/slots, the booking page): the slots of a range, from the
 * same computation as the single-slot check a booking runs (slots.service.ts slotsOf), so a listed slot is exactly a
 * slot that isSlotAvailable accepts.
 */
import { db } from "../db/client";
import { assertVisible } from "../event-types/private-link.service";
import { toAvailableSlotsOutput, type TAvailableSlotsOutput } from "./slots.dto";
import type { TAvailableSlotsQuery } from "./slots.schemas";
import type { Interval, Slot } from "./slots";
import { loadExternalBusy, toMinuteCeil } from "./slot-inputs";
import { resolveSlotEventType, type SlotTarget } from "./slot-event-type";
import { searchOf, slotsOf, type Options, type SlotEventTypeRow } from "./slots.service";
import { withRoutedHosts } from "./routed-hosts";
import { withSeatedSlots } from "./seated-slots";

/**
 * The bookable slots of an event type whose start is in `range` (whole minutes), `length` minutes long.
 * Connected calendars are asked first so their round trips overlap the database reads, as the booking check's do.
 */
export async function listSlots(
  eventType: SlotEventTypeRow,
  request: { range: Interval; length: number; now: Date; ignoreBookingUid?: string },
): Promise<Slot[]> {
  const searched = searchOf(eventType, request.range, request.now);
  const externalBusy = loadExternalBusy(eventType, searched.search, request.length);
  externalBusy.catch(() => {}); // awaited in slotsOf; if the database fails first, this must not become an unhandled rejection
  const busy = { externalBusy, now: request.now, ignoreBookingUid: request.ignoreBookingUid };
  const { slots } = await slotsOf(db, eventType, request.range, request.length, busy, searched);
  return withSeatedSlots(eventType, slots, request.range, request.now);
}

/**
 * Bookable starts in [startTime, endTime), grouped by day in `timeZone`. Hidden event types (unless asked
 * for with a live private link of theirs, the same check a booking makes), an event type asked for under
 * another user's name, and a team that does not hold it, are a 404 like a missing one (no existence leak).
 */
export async function getAvailableSlots(
  query: TAvailableSlotsQuery & Pick<SlotTarget, "organizationSlug">,
  options: Options & { teamMemberIds?: readonly number[] } = {},
): Promise<TAvailableSlotsOutput> {
  const eventType = withRoutedHosts(await resolveSlotEventType(query), options.teamMemberIds);
  await assertVisible(db, eventType, query.privateLink);
  // A slot start s (whole minutes) is in range when startTime ≤ s < endTime.
  const range = { start: toMinuteCeil(query.startTime), end: toMinuteCeil(query.endTime) };
  const slots = await listSlots(eventType, { range, length: eventType.lengthInMinutes, now: options.now ?? new Date() });
  return toAvailableSlotsOutput(slots, query.timeZone);
}
