/**
 * What the booking page asks a visitor: every booking field of the event type that is not hidden (its default
 * fields with their overrides, then its custom questions), and the places the meeting can take place. Sent to the
 * browser, so nothing here may carry what the owner keeps from bookers (an address not shown before booking).
 */
import { ATTENDEE_LOCATION_PROMPTS, locationKindLabel, locationString, offeredLocations } from "../bookings/booking-location";
import type { TLocationInput } from "../bookings/booking.schemas";
import { bookingFieldsOutput, type TBookingFieldOutput } from "../event-types/booking-fields";

/** One place a visitor can book: how it reads, and the location the page sends when it is chosen. */
export type TPageLocation = {
  /** "In person", "Phone call", "Zoom", … */
  kind: string;
  /** The address, link or phone itself, when the event type shows it before booking; null otherwise. */
  detail: string | null;
  /** POST /v2/bookings' `location` for this choice; an attendee kind's value is added from `input`. */
  choice: TLocationInput;
  /** A kind the visitor fills in: which field of the location holds the answer, and the question. */
  input?: { field: "address" | "phone" | "location"; label: string };
};

const VALUE_FIELD = { address: "address", link: "link", phone: "phone" } as const;
const ATTENDEE_INPUT = {
  attendeeAddress: { field: "address", label: ATTENDEE_LOCATION_PROMPTS.attendeeAddress },
  attendeePhone: { field: "phone", label: ATTENDEE_LOCATION_PROMPTS.attendeePhone },
  attendeeDefined: { field: "location", label: ATTENDEE_LOCATION_PROMPTS.attendeeDefined },
} as const;

export function pageLocationsOf(stored: unknown): TPageLocation[] {
  return offeredLocations(stored).map((location): TPageLocation => {
    const kind = locationKindLabel(location);
    switch (location.type) {
      case "address":
      case "link":
      case "phone": {
        const field = VALUE_FIELD[location.type];
        const value = locationString(location);
        // Not public: the booker learns the place from the confirmation and the mails; the choice names only its kind.
        return location.public === false
          ? { kind, detail: null, choice: { type: location.type } }
          : { kind, detail: value, choice: { type: location.type, [field]: value } };
      }
      case "integration":
        return { kind, detail: null, choice: { type: "integration", integration: location.integration } };
      default:
        return { kind, detail: null, choice: { type: location.type }, input: ATTENDEE_INPUT[location.type] };
    }
  });
}

/** The page's own wording where the event type keeps the built-in label (existing bookers and tests know these). */
const PAGE_LABELS: Record<string, string> = { email: "E-mail", guests: "Guests (optional)" };
const BUILT_IN_LABELS = new Map(bookingFieldsOutput([]).map((field) => [field.slug, field.label]));
/** Asked elsewhere or not at all on a booking page. */
const NOT_ASKED = new Set(["rescheduleReason"]);

/** The fields the page shows, in the event type's order. `location` only when there is a place to show or choose. */
export function pageFieldsOf(event: { bookingFields: unknown; locations: unknown; disableGuests: boolean }): TBookingFieldOutput[] {
  const hasLocations = offeredLocations(event.locations).length > 0;
  return bookingFieldsOutput(event.bookingFields)
    .filter((field) => !field.hidden && !NOT_ASKED.has(field.slug))
    .filter((field) => (field.slug === "location" ? hasLocations : field.slug === "guests" ? !event.disableGuests : true))
    .map((field) =>
      field.isDefault && PAGE_LABELS[field.slug] && field.label === BUILT_IN_LABELS.get(field.slug) ? { ...field, label: PAGE_LABELS[field.slug]! } : field,
    );
}
