/** POST /v2/bookings: a new booking at a free slot, decided one at a time per host. */
import type { Principal } from "../auth/principal";
import { db, type Tx } from "../db/client";
import { AppError } from "../errors";
import { assertVisible, consumePrivateLinkUse } from "../event-types/private-link.service";
import { isSlotAvailable, loadSlotExternalBusy } from "../slots/slots.service";
import { BOOKING_SELECT, toBookingOutput, type TBookingOutput } from "./booking.dto";
import { resolveLocation } from "./booking-location";
import { sendBookingMails } from "./booking-mail";
import { syncBookingToCalendars } from "../calendars/booking-sync";
import type { TCreateBookingInput } from "./booking.schemas";
import { BOOKING_TX_OPTIONS, candidateHostIds, chooseHosts, loadBookableEventType, slotBookingData, slotTakenError } from "./booking-rules";
import { isOverlapViolation, lockHosts } from "./host-lock";

export type CreateBookingResult = { booking: TBookingOutput; created: boolean };

async function findByIdempotencyKey(tx: Tx, eventTypeId: number, idempotencyKey: string) {
  return tx.booking.findUnique({ where: { eventTypeId_idempotencyKey: { eventTypeId, idempotencyKey } }, select: BOOKING_SELECT });
}

export async function createBooking(
  input: TCreateBookingInput,
  context: { principal: Principal | null; idempotencyKey: string | null },
): Promise<CreateBookingResult> {
  const { idempotencyKey } = context;
  try {
    const externalBusy = await loadSlotExternalBusy(input); // connected calendars: HTTP, so before the transaction
    const result = await db.$transaction(async (tx) => {
      const eventType = await loadBookableEventType(tx, input.eventTypeId);
      await lockHosts(tx, candidateHostIds(eventType));
      // The retry is answered before the private link is checked: the first request may have used the
      // link's last use, and the retry must still get that booking rather than a 404. Under the host
      // lock, so a retry racing the first request waits for it and then finds its booking.
      if (idempotencyKey) {
        const earlier = await findByIdempotencyKey(tx, eventType.id, idempotencyKey);
        if (earlier) return { row: earlier, created: false };
      }
      await assertVisible(tx, eventType, input.privateLink);
      const slot = await isSlotAvailable(tx, { eventTypeId: eventType.id, start: input.start, externalBusy });
      if (!slot.available) throw slotTakenError();
      if (input.privateLink && !(await consumePrivateLinkUse(tx, input.privateLink))) {
        throw new AppError("NOT_FOUND", "This private link is invalid or has expired");
      }
      const hostIds = chooseHosts(eventType, slot.freeHostIds);
      const { attendee, guests = [] } = input;
      const host = await tx.user.findUniqueOrThrow({ where: { id: hostIds[0]! }, select: { name: true } });
      const row = await tx.booking.create({
        data: {
          ...slotBookingData(eventType, input.start, slot.end, hostIds),
          title: `${eventType.title} between ${host.name} and ${attendee.name}`,
          description: eventType.description,
          location: resolveLocation(input.location, eventType.locations),
          metadata: input.metadata ?? {},
          idempotencyKey,
          attendees: {
            create: [
              { name: attendee.name, email: attendee.email, timeZone: attendee.timeZone, language: attendee.language },
              ...[...new Set(guests)]
                .filter((email) => email !== attendee.email)
                .map((email) => ({ name: email.split("@")[0]!, email, timeZone: attendee.timeZone, language: attendee.language, isGuest: true })),
            ],
          },
        },
        select: BOOKING_SELECT,
      });
      return { row, created: true };
    }, BOOKING_TX_OPTIONS);
    const booking = toBookingOutput(result.row);
    if (result.created) {
      await sendBookingMails("created", booking);
      await syncBookingToCalendars("created", booking);
    }
    return { booking, created: result.created };
  } catch (error) {
    if (isOverlapViolation(error)) throw slotTakenError();
    throw error;
  }
}
