/**
 * The conferencing apps: their name (the `{app}` of /v2/conferencing/{app}/… and the `integration` of an event type's
 * location {type: "integration"}), the credential and booking reference `type` the peer uses for them, and how a
 * meeting is made.
 * - `jitsi`: Convene's own, built in: a Jitsi Meet room per booking under JITSI_URL, nothing to connect. The peer's
 *   own video app, `cal-video`, is accepted as another name for it, so an event type written for the peer keeps working.
 * - `zoom`: Zoom's REST API with the user's OAuth grant.
 * - `google-meet`: a Meet conference on the Google Calendar event of the booking (needs a Google Calendar connection).
 * - `office365-video`: a Teams meeting on the Outlook Calendar event (needs an Outlook Calendar connection).
 */
export const CONFERENCING_APPS = {
  jitsi: { title: "Jitsi Meet", type: "jitsi_video", connect: "built-in", calendar: null },
  zoom: { title: "Zoom", type: "zoom_video", connect: "oauth", calendar: null },
  "google-meet": { title: "Google Meet", type: "google_video", connect: "calendar", calendar: "google_calendar" },
  "office365-video": { title: "Microsoft Teams", type: "office365_video", connect: "calendar", calendar: "office365_calendar" },
} as const;

export type ConferencingApp = keyof typeof CONFERENCING_APPS;
export const CONFERENCING_APP_NAMES = Object.keys(CONFERENCING_APPS) as ConferencingApp[];
export const BUILT_IN_APP: ConferencingApp = "jitsi";

/** The peer's name of its own video app, which Convene answers with its built-in one. */
export const PEER_BUILT_IN_NAME = "cal-video";

export const isConferencingApp = (value: string): value is ConferencingApp => value in CONFERENCING_APPS;

/** The app an event type's `integration` names (cal-video: the built-in one), or null for none we know. */
export function appOfIntegration(integration: string | undefined): ConferencingApp | null {
  if (integration === PEER_BUILT_IN_NAME) return BUILT_IN_APP;
  return integration && isConferencingApp(integration) ? integration : null;
}

export const appOfReferenceType = (type: string): ConferencingApp | null => CONFERENCING_APP_NAMES.find((app) => CONFERENCING_APPS[app].type === type) ?? null;

/** Every booking reference type a meeting may have (the calendar sync leaves these alone). */
export const MEETING_REFERENCE_TYPES: string[] = CONFERENCING_APP_NAMES.map((app) => CONFERENCING_APPS[app].type);
