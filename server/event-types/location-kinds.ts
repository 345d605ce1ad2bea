/**
 * The kinds of location an event type may offer, read off ZLocation itself (the write schema /v2 validates
 * with), so a kind added there reaches the site's location picker without a second list. The video apps offered
 * are the ones the user can use now: the built-in Jitsi Meet always, Zoom / Google Meet / Teams once connected,
 * their default app first (a new video location starts on it).
 */
import type { Actor } from "../auth/actor";
import { locationKindLabel } from "../bookings/booking-location";
import { conferencingOverview } from "../conferencing/conferencing.service";
import { ZLocation } from "./event-type.schemas";

/** The one field of a location that holds the organizer's value, when its kind has one. */
const VALUE_FIELDS = ["address", "link", "phone", "integration"] as const;
type TValueField = (typeof VALUE_FIELDS)[number];

export type TLocationKind = {
  type: string;
  label: string;
  valueField: TValueField | null;
  /** The apps an `integration` location may name now (connected, default first); empty for the other kinds. */
  integrations: { value: string; label: string }[];
};

export async function locationKinds(actor: Actor): Promise<TLocationKind[]> {
  const usable = (await conferencingOverview(actor)).filter((app) => app.connected);
  usable.sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
  return ZLocation.options.map((option) => {
    const type = option.shape.type.value;
    const valueField = VALUE_FIELDS.find((field) => field in option.shape) ?? null;
    const integrations = valueField === "integration" ? usable.map(({ app }) => ({ value: app, label: locationKindLabel({ type, integration: app }) })) : [];
    return { type, label: valueField === "integration" ? "Video conferencing app" : locationKindLabel({ type }), valueField, integrations };
  });
}
