/**
 * Where a booking takes place. Stored as the location object the booker sent; the v2 output's `location`
 * is a string (BookingOutput_2024_08_13: the link, address or phone), "" when the booking has none.
 */
import type { TLocationInput } from "./booking.schemas";

const VALUE_OF = { link: "link", address: "address", phone: "phone", attendeeAddress: "address", attendeePhone: "phone" } as const;

export function locationString(location: unknown): string {
  if (typeof location === "string") return location;
  if (!location || typeof location !== "object") return "";
  // `location`: the peer's attendeeDefined place, named by the attendee.
  const { link, address, phone, location: place, integration } = location as Record<string, unknown>;
  const text = [link, address, phone, place, integration].find((value) => typeof value === "string" && value.length > 0);
  return typeof text === "string" ? text : "";
}

/**
 * {type: "address" | "link" | "phone"} without a value means the organizer's own, defined on the event
 * type: stored resolved, so the booking answers a real address and keeps it if the event type changes.
 */
export function resolveLocation(input: TLocationInput | undefined, eventTypeLocations: unknown): TLocationInput | undefined {
  if (!input || !(input.type in VALUE_OF)) return input;
  const field = VALUE_OF[input.type as keyof typeof VALUE_OF];
  if (input[field]) return input;
  const locations = Array.isArray(eventTypeLocations) ? (eventTypeLocations as Record<string, unknown>[]) : [];
  const own = locations.find((location) => location?.type === input.type && typeof location[field] === "string");
  return own ? { ...input, [field]: own[field] as string } : input;
}

/** The peer's deprecated meetingUrl: a link for this booking, the same as location {type: "link", link}. */
export const meetingUrlLocation = (meetingUrl: string | undefined): TLocationInput | undefined => (meetingUrl ? { type: "link", link: meetingUrl } : undefined);
