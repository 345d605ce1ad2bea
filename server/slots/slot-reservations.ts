/**
 * Slot reservations (the peer's POST/GET/PATCH/DELETE /v2/slots/reservations): a slot held for a few minutes
 * for whoever knows the reservation's uid. While held, slot-inputs.ts counts it as busy time of the hosts it
 * holds, so the listing does not offer it and a booking or another reservation by anyone else is refused; the
 * holder books it by sending the uid (RESERVATION_HEADER). Every decision is taken under the same per-host
 * lock as bookings (host-lock.ts), so of two requests for one slot exactly one wins. An expired reservation
 * is ignored by every read; nothing has to delete it.
 */
import type { Principal } from "../auth/principal";
import { db } from "../db/client";
import { AppError } from "../errors";
import { BOOKING_TX_OPTIONS } from "../bookings/booking-rules";
import { lockHosts } from "../bookings/host-lock";
import { assertVisible } from "../event-types/private-link.service";
import { hostIdsOf } from "./slot-inputs";
import { slotLengthOf } from "./slot-length";
import { DEFAULT_RESERVATION_MINUTES, type TReservationOutput, type TReserveSlotInput } from "./slot-reservations.schemas";
import { findSlotEventType, isSlotAvailable, loadSlotExternalBusy, type SlotEventTypeRow } from "./slots.service";

/** The request header that names the reservation a booking request holds. */
export const RESERVATION_HEADER = "svc-reservation-uid";

type Options = { now?: Date };

/** Expired holds are deleted this long after expiry, when someone reserves: until then GET answers 404 and DELETE 200. */
const SWEEP_AFTER_MS = 60 * 60_000;
type ReservationRow = { uid: string; eventTypeId: number; start: Date; end: Date; minutes: number; expiresAt: Date };

const RESERVATION_SELECT = { uid: true, eventTypeId: true, start: true, end: true, minutes: true, expiresAt: true } as const;

const reservationNotFound = () => new AppError("NOT_FOUND", "Reservation not found or expired");
const slotHeldError = () => new AppError("CONFLICT", "This slot is not available (booked or held by someone else): choose another slot from GET /v2/slots");

export function toReservationOutput(row: ReservationRow): TReservationOutput {
  return {
    eventTypeId: row.eventTypeId,
    slotStart: row.start.toISOString(),
    slotEnd: row.end.toISOString(),
    slotDuration: Math.round((row.end.getTime() - row.start.getTime()) / 60_000),
    reservationUid: row.uid,
    reservationDuration: row.minutes,
    reservationUntil: row.expiresAt.toISOString(),
  };
}

/**
 * How long to hold. The peer lets only authenticated callers choose; we also require them to host the event
 * type, since a long hold keeps its hosts' time from everyone else.
 */
function holdMinutes(principal: Principal | null, eventType: SlotEventTypeRow, requested: number | undefined): number {
  if (requested === undefined) return DEFAULT_RESERVATION_MINUTES;
  if (!principal)
    throw new AppError("UNAUTHORIZED", "reservationDuration is only accepted on authenticated requests", [
      { path: "body.reservationDuration", message: "Send an API key or access token to choose the duration" },
    ]);
  if (!hostIdsOf(eventType).includes(principal.userId)) {
    throw new AppError("FORBIDDEN", "Only a host of the event type may choose reservationDuration", [
      { path: "body.reservationDuration", message: "Not a host of this event type" },
    ]);
  }
  return requested;
}

async function visibleEventType(eventTypeId: number): Promise<SlotEventTypeRow> {
  const eventType = await findSlotEventType(db, eventTypeId);
  if (!eventType) throw new AppError("NOT_FOUND", "Event type not found");
  await assertVisible(db, eventType, undefined); // hidden: a 404, as in the listing
  return eventType;
}

/** Holds the slot, or moves the hold `replacing` (its uid) to it. Checked and written under the hosts' lock. */
async function hold(principal: Principal | null, input: TReserveSlotInput, replacing: string | null, options: Options): Promise<TReservationOutput> {
  const now = options.now ?? new Date();
  const eventType = await visibleEventType(input.eventTypeId);
  const length = slotLengthOf(eventType, input.slotDuration, "body.slotDuration");
  const minutes = holdMinutes(principal, eventType, input.reservationDuration);
  const check = { eventTypeId: eventType.id, start: input.slotStart, lengthInMinutes: length, lengthField: "body.slotDuration" };
  const externalBusy = await loadSlotExternalBusy(check); // connected calendars: HTTP, so before the transaction
  // Housekeeping only (reads already ignore expired holds): rows long expired go, so the table stays small.
  await db.slotReservation.deleteMany({ where: { expiresAt: { lt: new Date(now.getTime() - SWEEP_AFTER_MS) } } });
  return db.$transaction(async (tx) => {
    await lockHosts(tx, hostIdsOf(eventType));
    if (replacing !== null && (await tx.slotReservation.count({ where: { uid: replacing, expiresAt: { gt: now } } })) === 0) throw reservationNotFound();
    const slot = await isSlotAvailable(tx, { ...check, externalBusy, ignoreReservationUid: replacing ?? undefined }, { now });
    if (!slot.available) throw slotHeldError();
    const data = {
      eventTypeId: eventType.id,
      hostIds: slot.freeHostIds,
      start: input.slotStart,
      end: slot.end,
      minutes,
      expiresAt: new Date(now.getTime() + minutes * 60_000),
    };
    const row =
      replacing === null
        ? await tx.slotReservation.create({ data, select: RESERVATION_SELECT })
        : await tx.slotReservation.update({ where: { uid: replacing }, data, select: RESERVATION_SELECT });
    return toReservationOutput(row);
  }, BOOKING_TX_OPTIONS);
}

export const reserveSlot = (principal: Principal | null, input: TReserveSlotInput, options: Options = {}) => hold(principal, input, null, options);

/** Moves or renews a held reservation: the new slot is checked as if the old hold were gone, and the hold runs from now. */
export const updateReservation = (principal: Principal | null, uid: string, input: TReserveSlotInput, options: Options = {}) =>
  hold(principal, input, uid, options);

/** The reservation while it holds its slot; NOT_FOUND once it expired, or when there is none, like any unknown resource. */
export async function getReservation(uid: string, options: Options = {}): Promise<TReservationOutput> {
  const row = await db.slotReservation.findFirst({ where: { uid, expiresAt: { gt: options.now ?? new Date() } }, select: RESERVATION_SELECT });
  if (!row) throw reservationNotFound();
  return toReservationOutput(row);
}

/** Releases the slot at once. Releasing an expired one is allowed (it held nothing anyway); an unknown uid is a 404. */
export async function deleteReservation(uid: string): Promise<void> {
  const { count } = await db.slotReservation.deleteMany({ where: { uid } });
  if (count === 0) throw reservationNotFound();
}
