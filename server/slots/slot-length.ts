/**
 * Which length a slot has: the event type's lengthInMinutes, or one of its lengthInMinutesOptions that the
 * caller asked for. Listing, reserving and booking all ask here, so a length refused by one is refused by all.
 */
import { AppError } from "../errors";

export type LengthChoices = { lengthInMinutes: number; lengthInMinutesOptions: readonly number[] };

/** The lengths a booker may pick; an event type without options has only its default length. */
export const allowedLengths = (eventType: LengthChoices): readonly number[] =>
  eventType.lengthInMinutesOptions.length > 0 ? eventType.lengthInMinutesOptions : [eventType.lengthInMinutes];

/** `requested` when it is one of the allowed lengths, the default when absent; else a 400 naming `field` (e.g. "body.lengthInMinutes"). */
export function slotLengthOf(eventType: LengthChoices, requested: number | undefined, field: string): number {
  if (requested === undefined) return eventType.lengthInMinutes;
  const allowed = allowedLengths(eventType);
  if (allowed.includes(requested)) return requested;
  const message = `${requested} minutes is not a length of this event type; choose one of ${allowed.join(", ")}`;
  throw new AppError("BAD_REQUEST", message, [{ path: field, message }]);
}
