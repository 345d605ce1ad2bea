/**
 * The kinds of location an event type may offer, read off ZLocation itself (the write schema /v2 validates
 * with), so a kind added there (a conferencing app, say) reaches the site's location picker without a second list.
 */
import { locationKindLabel } from "../bookings/booking-location";
import { INTEGRATIONS, ZLocation } from "./event-type.schemas";

/** The one field of a location that holds the organizer's value, when its kind has one. */
const VALUE_FIELDS = ["address", "link", "phone", "integration"] as const;
type TValueField = (typeof VALUE_FIELDS)[number];

export type TLocationKind = {
  type: string;
  label: string;
  valueField: TValueField | null;
  /** The apps an `integration` location names; empty for the other kinds. */
  integrations: { value: string; label: string }[];
};

export function locationKinds(): TLocationKind[] {
  return ZLocation.options.map((option) => {
    const type = option.shape.type.value;
    const valueField = VALUE_FIELDS.find((field) => field in option.shape) ?? null;
    const integrations =
      valueField === "integration" ? INTEGRATIONS.map((integration) => ({ value: integration, label: locationKindLabel({ type, integration }) })) : [];
    return { type, label: valueField === "integration" ? "Video conferencing app" : locationKindLabel({ type }), valueField, integrations };
  });
}
