/** Rules shared by the booking use cases: who hosts, how long transactions may wait, which errors. */
import { meetingAppOfLocation } from "../conferencing/meeting-location";
import type { Tx } from "../db/client";
import type { SubscriberName } from "../events/domain-events";
import { databaseDeadlines } from "../db/deadlines";
import { AppError } from "../errors";
import { needsConfirmation } from "../event-types/confirmation-policy";
import type { TSlotCheck } from "../slots/slots.service";
import type { BookableEventType } from "./create/bookable-row";
import type { BookingHostUser } from "./create/new-booking";
import { offeredLocations } from "./booking-location";

export type { BookableEventType } from "./create/bookable-row";

/**
 * Bookings of one host queue on that host's lock, so a transaction may wait for others to finish: it
 * gets the database deadlines (db/deadlines.ts), not Prisma's 2 s / 5 s defaults, which would turn a busy
 * slot into errors. Past them the answer is 503 with Retry-After; nothing waits unbounded on a hung database.
 * Getters: the deadlines are read when a transaction starts, not when this module loads.
 */
export const BOOKING_TX_OPTIONS = {
  get maxWait() {
    return databaseDeadlines().connectMs;
  },
  get timeout() {
    return databaseDeadlines().transactionMs;
  },
};

export const slotTakenError = () => new AppError("CONFLICT", "This time is not available: choose another slot from /v2/slots/available");

/** A free time that an event type setting refuses (window, limits) is answered with that setting's reason. */
export const slotUnavailableError = (slot: TSlotCheck) =>
  slot.refusal ? new AppError("CONFLICT", `${slot.refusal}: choose another slot from /v2/slots/available`) : slotTakenError();

/** The name of a host of this event type (its owner, or one of its team hosts). */
export function hostNameOf(eventType: BookableEventType, hostId: number): string {
  const host = eventType.hosts.find((candidate) => candidate.userId === hostId);
  return host ? host.user.name : hostId === eventType.userId ? (eventType.owner?.name ?? "") : "";
}

/**
 * The booking output's user objects of `hostIds`, from the event type's row; null when one is a user the row does not
 * describe (an out-of-office stand-in), whose details only the database has.
 */
export function hostUsersOf(eventType: BookableEventType, hostIds: readonly number[]): BookingHostUser[] | null {
  const users: BookingHostUser[] = [];
  for (const id of hostIds) {
    const host = eventType.hosts.find((candidate) => candidate.userId === id)?.user;
    const owner = id === eventType.userId ? eventType.owner : null;
    const user = host ?? owner;
    if (!user) return null;
    users.push({ id, name: user.name, email: user.email, username: user.username, timeZone: user.timeZone });
  }
  return users;
}

/** A host the event type's row describes: the owner, or one of its team hosts; else an out-of-office stand-in. */
const isDescribedHost = (eventType: BookableEventType, id: number) => id === eventType.userId || eventType.hosts.some((host) => host.userId === id);

/**
 * Whether any of `hostIds` may have a destination calendar a new booking of theirs is written to, as the event type's
 * row tells: a host it does not describe (an out-of-office stand-in) counts as having one.
 */
export function writesToCalendars(eventType: BookableEventType, hostIds: number[]): boolean {
  return hostIds.some((id) => {
    const host = eventType.hosts.find((candidate) => candidate.userId === id);
    if (host) return host.user.destinationCalendar != null;
    return id === eventType.userId ? eventType.owner?.destinationCalendar != null : true;
  });
}

/** Whether a booking of the event type may get a video meeting (server/conferencing/meeting-location.ts). */
const offersMeeting = (locations: unknown) => offeredLocations(locations).some((location) => meetingAppOfLocation(location) !== null);

/**
 * The subscribers a new booking's event has nothing for (server/events/domain-events.ts `skip`), as the event type's
 * row tells: no job is queued whose only work would be to find that out. A stand-in host may have webhooks of its own.
 */
export function idleSubscribersOfNewBooking(eventType: BookableEventType, hostIds: number[]): SubscriberName[] {
  const idle: SubscriberName[] = [];
  if (!writesToCalendars(eventType, hostIds)) idle.push("calendar-sync");
  if (!eventType.mayHaveWebhooks && hostIds.every((id) => isDescribedHost(eventType, id))) idle.push("webhooks");
  if (!offersMeeting(eventType.locations)) idle.push("conferencing");
  if (!eventType.mayHaveWorkflows) idle.push("workflows");
  return idle;
}

/** Everyone who might host a booking of this event type: the owner, or the team hosts. */
export function candidateHostIds(eventType: BookableEventType): number[] {
  if (eventType.hosts.length) return eventType.hosts.map(({ userId }) => userId);
  if (eventType.userId === null) throw new AppError("BAD_REQUEST", "This event type has no hosts");
  return [eventType.userId];
}

/** The fixed ("mandatory") hosts of a round-robin event type: on every booking of it. */
export const fixedHostIds = (eventType: BookableEventType): number[] => eventType.hosts.filter((host) => host.isFixed).map(({ userId }) => userId);

/**
 * The rotating hosts among `freeHostIds`, best first, by the peer's round-robin rules: the highest priority, then the
 * least recently booked (`lastBookedAt`: when each host's latest booking of this event type was made, in ms; a host
 * never booked comes first), then the lowest id. `redirectedFrom`: members standing in for an away host (round robin's
 * out-of-office redirect, slots/ooo-redirects.ts) rank with that host's priority and their own last booking.
 */
export function rankRotatingHosts(
  eventType: BookableEventType,
  freeHostIds: readonly number[],
  lastBookedAt: ReadonlyMap<number, number>,
  redirectedFrom: ReadonlyMap<number, number> = new Map(),
): number[] {
  const priority = new Map(eventType.hosts.map((host) => [host.userId, host.isFixed ? null : host.priority]));
  const priorityOf = (id: number) => priority.get(id) ?? (redirectedFrom.has(id) ? priority.get(redirectedFrom.get(id)!) : null);
  const rotating = freeHostIds.filter((id) => priorityOf(id) != null);
  const last = (id: number) => lastBookedAt.get(id) ?? Number.NEGATIVE_INFINITY;
  return [...new Set(rotating)].sort((a, b) => priorityOf(b)! - priorityOf(a)! || last(a) - last(b) || a - b);
}

/**
 * Collective: every host. Round robin: the fixed hosts and the best free rotating host (rankRotatingHosts), who may be a
 * member standing in for an away host (`redirectedFrom`); none when a fixed host is not free. A personal event type: its owner.
 */
export function chooseHosts(
  eventType: BookableEventType,
  freeHostIds: number[],
  lastBookedAt: ReadonlyMap<number, number> = new Map(),
  redirectedFrom?: ReadonlyMap<number, number>,
): number[] {
  if (eventType.schedulingType === "ROUND_ROBIN" && eventType.hosts.length > 0) {
    const fixed = fixedHostIds(eventType);
    if (fixed.some((id) => !freeHostIds.includes(id))) return [];
    const [rotating] = rankRotatingHosts(eventType, freeHostIds, lastBookedAt, redirectedFrom);
    const hasRotating = eventType.hosts.some((host) => !host.isFixed);
    if (hasRotating && rotating === undefined) return [];
    return [...fixed, ...(rotating === undefined ? [] : [rotating])];
  }
  return candidateHostIds(eventType);
}

/** The columns every booking made at a slot shares: its time, hosts (live) and initial status (pending when it needs confirmation now). */
export function slotBookingData(eventType: BookableEventType, start: Date, end: Date, hostIds: number[], now = new Date()) {
  return {
    eventTypeId: eventType.id,
    start,
    end,
    status: needsConfirmation(eventType, start, now) ? ("PENDING" as const) : ("ACCEPTED" as const),
    hosts: { create: hostIds.map((userId) => ({ userId, start, end, isLive: true })) },
  };
}

/** The event type's disableGuests: bookers may not bring guests, neither when booking nor added later. */
export const guestsDisabledError = () =>
  new AppError("BAD_REQUEST", "This event type does not allow guests", [{ path: "body.guests", message: "Guests are disabled for this event type" }]);

export function assertGuestsAllowed(eventType: { disableGuests: boolean }, guests: readonly unknown[] | undefined): void {
  if (eventType.disableGuests && guests && guests.length > 0) throw guestsDisabledError();
}

/** For a booking's later edits: its event type's setting (none once the event type is deleted). */
export async function assertBookingAcceptsGuests(tx: Tx, eventTypeId: number | null, guests: readonly unknown[]): Promise<void> {
  if (eventTypeId === null) return;
  const eventType = await tx.eventType.findUnique({ where: { id: eventTypeId }, select: { disableGuests: true } });
  if (eventType) assertGuestsAllowed(eventType, guests);
}
