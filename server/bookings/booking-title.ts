/**
 * A booking's title: the event type's customName template with the peer's variables filled in, else
 * "<event type> between <host> and <attendee>". The stored title is the one both sides see, so the
 * two-sided {HOST/ATTENDEE} reads as the host's name (the attendee's view, as the peer stores it).
 * Unknown variables stay as written (booking-field variables are not filled in).
 */
import { locationString } from "./booking-location";

export type TitleParts = { eventTitle: string; customName: string | null; hostName: string; attendeeName: string; lengthInMinutes: number; location: unknown };

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? "";
const lastName = (name: string) => name.trim().split(/\s+/).slice(1).join(" ");

export function bookingTitle(parts: TitleParts): string {
  const { eventTitle, customName, hostName, attendeeName } = parts;
  if (!customName) return `${eventTitle} between ${hostName} and ${attendeeName}`;
  const location = locationString(parts.location);
  const values: Record<string, string> = {
    "Event type title": eventTitle,
    Organiser: hostName,
    "Organiser first name": firstName(hostName),
    Scheduler: attendeeName,
    "Scheduler first name": firstName(attendeeName),
    "Scheduler last name": lastName(attendeeName),
    "Event duration": `${parts.lengthInMinutes} minutes`,
    Location: location,
    LOCATION: location,
    HOST: hostName,
    ATTENDEE: attendeeName,
    "HOST/ATTENDEE": hostName,
    USER: attendeeName,
  };
  // One pass over the template: a value that itself contains "{…}" is not expanded again.
  return customName.replace(/\{([^{}]+)\}/g, (token, name: string) => values[name] ?? token);
}
