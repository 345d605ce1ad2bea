/**
 * The location kinds a user may offer on an event type, for the event type editor's location picker: the places
 * (address, link, phone, and those the booker fills in) and the video apps the user can use now (the built-in Jitsi
 * Meet always, Zoom / Google Meet / Teams once connected), each as the event type stores it.
 */
import type { Actor } from "../auth/actor";
import { locationKindLabel } from "../bookings/booking-location";
import { conferencingOverview } from "./conferencing.service";

export type TLocationKind = { type: string; integration?: string; label: string; isDefaultApp?: boolean };

const PLACES = ["address", "link", "phone", "attendeeAddress", "attendeePhone", "attendeeDefined"] as const;

export async function listLocationKinds(actor: Actor): Promise<TLocationKind[]> {
  const apps = (await conferencingOverview(actor)).filter((app) => app.connected);
  return [
    ...apps.map((app) => ({ type: "integration", integration: app.app, label: app.title, isDefaultApp: app.isDefault })),
    ...PLACES.map((type) => ({ type, label: locationKindLabel({ type }) })),
  ];
}
