/**
 * Round robin and out-of-office redirects. The rule: when a rotating host of a team's round-robin event type is out of
 * office over a slot and that entry names `toUserId`, an accepted member of the team who is not a fixed host, the slot
 * counts as available when that member is free then, and a booking of it goes to that member in the away host's place
 * (even when they do not host the event type). Free means what it means for a host: within their schedule (the event
 * type's own when it has one, else their default), not out of office themselves, and not booked, held or busy in a
 * connected calendar; the slot must also lie within the away host's own schedule, as it would have without the
 * absence. The stand-in ranks with the away host's priority and its own last booking (booking-rules.ts
 * rankRotatingHosts), and is locked as a host under its own id (bookings/create/round-robin-claim.ts). New bookings and reschedules
 * follow redirects; reassignment picks among the event type's own hosts.
 *
 * The slot algorithm sees each redirecting period as one more host (a stand-in, with a negative id that no user has)
 * whose availability is that intersection and whose busy time is the target's; resolveStandIns turns its id back into
 * the target's. Nothing is read when no rotating host is away; otherwise one query for the redirects, and one for the
 * targets' bookings, holds and absences (the same busy-rows query as the hosts', slot-inputs.ts).
 */
import type { Tx } from "../db/client";
import { toLoadedSchedule } from "../schedules/schedule-loader";
import {
  extentOf,
  extentOfAll,
  loadHostAvailability,
  loadUserPeriods,
  redirectPeriodsOf,
  toMinuteCeil,
  toMinuteFloor,
  type BusyOptions,
  type SlotEventType,
} from "./slot-inputs";
import { expandSchedule, subtractIntervals, type Interval, type Slot, type SlotHost } from "./slots";

/** A host of the slot computation; a stand-in names the away host it stands for and the member who takes the booking. */
export type LoadedSlotHost = SlotHost & { standsIn?: { for: number; by: number } };

/** A slot whose free hosts may include stand-ins: `redirectedFrom` maps each such member to the away host they replace. */
export type ResolvedSlot = Slot & { redirectedFrom?: ReadonlyMap<number, number> };

const intersect = (a: readonly Interval[], b: readonly Interval[]) => subtractIntervals(a, subtractIntervals(a, b));

/** The event type's hosts (loadHostAvailability) followed by a stand-in per redirecting away period that touches their windows. */
export async function loadSlotHostsWithStandIns(
  tx: Tx,
  eventType: SlotEventType,
  range: Interval,
  length: number,
  options: BusyOptions,
): Promise<LoadedSlotHost[]> {
  const { hosts, windows, away, redirecting } = await loadHostAvailability(tx, eventType, range, length, options);
  // Only away periods that name a redirect matter; the busy-rows query said which hosts have one.
  const awayHosts = [...away].filter(([userId, periods]) => periods.length > 0 && redirecting.has(userId)).map(([userId]) => userId);
  const awayExtent = extentOf(awayHosts.flatMap((userId) => away.get(userId)!));
  if (!awayExtent) return hosts;
  // Sequential: `tx` may be a transaction's one connection.
  const span = { start: new Date(awayExtent.start * 60_000), end: new Date(awayExtent.end * 60_000) };
  const redirects = await redirectPeriodsOf(tx, eventType, span, awayHosts);
  if (redirects.length === 0) return hosts;
  const targets = [...new Set(redirects.map(({ toUserId }) => toUserId))];
  const ownSchedule = eventType.schedule ? toLoadedSchedule(eventType.schedule) : null;
  const scheduleOf = new Map(
    redirects.map(({ toUserId, toDefaultSchedule }) => [toUserId, ownSchedule ?? (toDefaultSchedule && toLoadedSchedule(toDefaultSchedule))]),
  );
  const targetWindows = new Map(targets.map((userId) => [userId, scheduleOf.get(userId) ? expandSchedule(scheduleOf.get(userId)!, range) : []]));
  const periods = await loadUserPeriods(tx, eventType, targets, range, length, extentOfAll(targetWindows.values()), options);
  const standIns = redirects.map((redirect, index): LoadedSlotHost => {
    const absence = [{ start: toMinuteFloor(redirect.start), end: toMinuteCeil(redirect.end) }];
    const targetFree = subtractIntervals(targetWindows.get(redirect.toUserId)!, periods.away.get(redirect.toUserId)!);
    return {
      id: -(index + 1),
      available: intersect(intersect(windows.get(redirect.userId) ?? [], absence), targetFree),
      busy: periods.busy.get(redirect.toUserId)!,
      standsIn: { for: redirect.userId, by: redirect.toUserId },
    };
  });
  return [...hosts, ...standIns.filter((standIn) => standIn.available.length > 0)];
}

/**
 * The slots with each stand-in's id replaced by its member's (once, when the member is also free as a host), and
 * which away host each such member replaces. Slots without stand-ins come back as they were.
 */
export function resolveStandIns(slots: Slot[], hosts: readonly LoadedSlotHost[]): ResolvedSlot[] {
  const standIns = new Map(hosts.filter((host) => host.standsIn).map((host) => [host.id, host.standsIn!]));
  if (standIns.size === 0) return slots;
  return slots.map((slot) => {
    if (!slot.hostIds.some((id) => standIns.has(id))) return slot;
    const redirectedFrom = new Map<number, number>();
    const hostIds: number[] = [];
    for (const id of slot.hostIds) {
      const standIn = standIns.get(id);
      if (standIn && !slot.hostIds.includes(standIn.by) && !redirectedFrom.has(standIn.by)) redirectedFrom.set(standIn.by, standIn.for);
      const userId = standIn ? standIn.by : id;
      if (!hostIds.includes(userId)) hostIds.push(userId);
    }
    return redirectedFrom.size ? { start: slot.start, hostIds, redirectedFrom } : { start: slot.start, hostIds };
  });
}
