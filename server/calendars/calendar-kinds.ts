/**
 * The kinds of calendar the site offers to connect: CalDAV (Apple or any server) and ICS feeds always, Google and
 * Outlook only when this server holds their OAuth client (their connect URL is a 400 otherwise).
 */
import { env } from "../env";
import { googleClientConfig } from "./google.adapter";
import { microsoftClientConfig } from "./microsoft.adapter";

export function connectableCalendarKinds() {
  return {
    google: googleClientConfig() !== null,
    office365: microsoftClientConfig() !== null,
    /** The server a CalDAV connection uses when the form leaves the URL empty. */
    defaultCalDavUrl: env().APPLE_CALDAV_URL,
  };
}
