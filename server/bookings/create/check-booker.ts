/** Step: whether this booker may book the event type (hidden event types, guests) and their answers to its form. */
import type { Tx } from "../../db/client";
import type { Prisma } from "../../db/generated/client";
import { assertVisible } from "../../event-types/private-link.service";
import { checkBookingFieldsResponses } from "../booking-field-responses";
import { resolveBookingLocation } from "../booking-location";
import type { TCreateBookingInput, TLocationInput } from "../booking.schemas";
import { assertGuestsAllowed, type BookableEventType } from "../booking-rules";

/** The booker's answers to the form, checked: its questions, and where the meeting takes place (booking-location.ts). */
export type BookerAnswers = { bookingFieldsResponses: Prisma.InputJsonObject; location: TLocationInput | null };

/**
 * Checked against the loaded event type; only a hidden one costs a query (its private link). Runs before the lock on
 * the global client, or under it for a request with an idempotency key, so a request refused for itself hears why.
 */
export async function checkBooker(client: Tx, eventType: BookableEventType, input: TCreateBookingInput): Promise<BookerAnswers> {
  await assertVisible(client, eventType, input.privateLink);
  assertGuestsAllowed(eventType, input.guests);
  const bookingFieldsResponses = checkBookingFieldsResponses(eventType.bookingFields, input) as Prisma.InputJsonObject;
  return { bookingFieldsResponses, location: resolveBookingLocation(eventType.locations, input) };
}
