/**
 * Google Calendar API v3: calendarList and events (busy times included), with OAuth 2.0 tokens (oauth-tokens.ts).
 * Available when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set; the endpoint base URLs are
 * configurable so tests can point them at a local server speaking the same shapes.
 */
import { env } from "../env";
import { CalendarError, type CalendarAdapter, type CalendarEventInput, type ConnectedCredential } from "./calendar-adapter";
import { eventWriteKey } from "./event-write-key";
import { apiFetch, callWithToken, jsonOrThrow, ZOAuthSecret, type OAuthClientConfig, type TOAuthSecret } from "./oauth-tokens";
import { isKnownTimeZone, wallToUtc } from "./zoned-time";

export const GOOGLE_SCOPES = ["https://www.googleapis.com/auth/calendar.readonly", "https://www.googleapis.com/auth/calendar.events"];

export function googleClientConfig(): OAuthClientConfig | null {
  const { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, GOOGLE_TOKEN_URL } = env();
  return GOOGLE_CLIENT_ID && GOOGLE_CLIENT_SECRET ? { tokenUrl: GOOGLE_TOKEN_URL, clientId: GOOGLE_CLIENT_ID, clientSecret: GOOGLE_CLIENT_SECRET } : null;
}

/** The consent page URL; offline access and a forced prompt so Google returns a refresh token every time. */
export function googleAuthUrl(config: OAuthClientConfig, redirectUri: string, state: string): string {
  const url = new URL(env().GOOGLE_AUTH_URL);
  url.search = new URLSearchParams({
    client_id: config.clientId,
    redirect_uri: redirectUri,
    response_type: "code",
    scope: GOOGLE_SCOPES.join(" "),
    access_type: "offline",
    prompt: "consent",
    include_granted_scopes: "true",
    state,
  }).toString();
  return url.href;
}

const api = (path: string) => `${env().GOOGLE_CALENDAR_API_URL.replace(/\/$/, "")}${path}`;

function configOrThrow(): OAuthClientConfig {
  const config = googleClientConfig();
  if (!config) throw new CalendarError("unreachable", "Google Calendar is not configured on this server (GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET)");
  return config;
}

const call = (credential: ConnectedCredential<TOAuthSecret>, path: string, init: RequestInit = {}) =>
  callWithToken(credential, configOrThrow(), (accessToken) => apiFetch(api(path), { ...init, accessToken }));

type CalendarListEntry = { id: string; summary?: string; summaryOverride?: string; primary?: boolean; accessRole?: string };

const eventBody = (event: CalendarEventInput) => ({
  summary: event.title,
  description: event.description,
  ...(event.location ? { location: event.location } : {}),
  start: { dateTime: event.start.toISOString(), timeZone: "UTC" },
  end: { dateTime: event.end.toISOString(), timeZone: "UTC" },
});

/**
 * A Google Meet conference made with the event, as Google documents it: conferenceData.createRequest with
 * conferenceSolutionKey.type "hangoutsMeet", sent with conferenceDataVersion=1. The requestId is the event's own
 * client-chosen id, so a retried write asks for the same conference.
 */
const conferenceRequest = (event: CalendarEventInput, requestId: string) =>
  event.conference === "google-meet" ? { conferenceData: { createRequest: { requestId, conferenceSolutionKey: { type: "hangoutsMeet" } } } } : {};
const withConferenceData = (path: string, event: CalendarEventInput) =>
  event.conference === "google-meet" ? `${path}${path.includes("?") ? "&" : "?"}conferenceDataVersion=1` : path;

type GoogleTime = { dateTime?: string; date?: string };
type GoogleEvent = {
  id: string;
  status?: string;
  transparency?: string;
  eventType?: string;
  start?: GoogleTime;
  end?: GoogleTime;
  attendees?: { self?: boolean; responseStatus?: string }[];
};
const MAX_PAGES = 10;

/** What freeBusy counts as busy: not cancelled, not "free", not a working location, not declined by the owner. */
const blocksTime = (event: GoogleEvent) =>
  event.status !== "cancelled" &&
  event.transparency !== "transparent" &&
  event.eventType !== "workingLocation" &&
  !event.attendees?.some((attendee) => attendee.self && attendee.responseStatus === "declined");

/** An event time in UTC ms; all-day dates are midnights in the calendar's time zone. */
function googleInstant(time: GoogleTime | undefined, timeZone: string): number | null {
  if (time?.dateTime) return Date.parse(time.dateTime);
  const day = time?.date?.match(/^(\d{4})-(\d{2})-(\d{2})$/);
  return day ? wallToUtc(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])), timeZone) : null;
}

const eventPath = (calendarId: string, eventId = "") =>
  `/calendars/${encodeURIComponent(calendarId)}/events${eventId ? `/${encodeURIComponent(eventId)}` : ""}?sendUpdates=none`;

export const googleAdapter: CalendarAdapter<TOAuthSecret> = {
  secretSchema: ZOAuthSecret,

  async listCalendars(credential) {
    const entries: CalendarListEntry[] = [];
    let pageToken: string | undefined;
    for (let page = 0; page < 10; page += 1) {
      const query = new URLSearchParams({ minAccessRole: "reader", ...(pageToken ? { pageToken } : {}) });
      const body = await jsonOrThrow<{ items?: CalendarListEntry[]; nextPageToken?: string }>(
        await call(credential, `/users/me/calendarList?${query}`),
        "Listing Google calendars",
      );
      entries.push(...(body.items ?? []));
      pageToken = body.nextPageToken;
      if (!pageToken) break;
    }
    return entries.map((entry) => ({
      externalId: entry.id,
      name: entry.summaryOverride ?? entry.summary ?? entry.id,
      primary: entry.primary === true,
      readOnly: entry.accessRole !== "owner" && entry.accessRole !== "writer",
      email: entry.primary ? entry.id : null,
    }));
  },

  /**
   * events.list rather than freeBusy: freeBusy does not say which event a busy block is, and the copies
   * of Convene's own bookings must be told apart (calendar-busy.ts). Recurring events come expanded.
   */
  async busyTimes(credential, externalId, range) {
    const events: GoogleEvent[] = [];
    let timeZone = credential.ownerTimeZone;
    let pageToken: string | undefined;
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const query = new URLSearchParams({
        timeMin: range.start.toISOString(),
        timeMax: range.end.toISOString(),
        singleEvents: "true",
        maxResults: "2500",
        ...(pageToken ? { pageToken } : {}),
      });
      const path = `/calendars/${encodeURIComponent(externalId)}/events?${query}`;
      const body = await jsonOrThrow<{ items?: GoogleEvent[]; nextPageToken?: string; timeZone?: string }>(
        await call(credential, path),
        "Listing Google events",
      );
      events.push(...(body.items ?? []));
      if (body.timeZone && isKnownTimeZone(body.timeZone)) timeZone = body.timeZone;
      pageToken = body.nextPageToken;
      if (!pageToken) break;
    }
    return events.filter(blocksTime).flatMap((event) => {
      const start = googleInstant(event.start, timeZone);
      const end = googleInstant(event.end, timeZone);
      return start !== null && end !== null && end > start ? [{ start: new Date(start), end: new Date(end), eventId: event.id }] : [];
    });
  },

  /**
   * Inserts under an id of our choosing (eventWriteKey), so a retried create cannot make a second event: Google
   * answers 409 for an id the calendar already holds, and that event is ours, from an earlier run of this write whose
   * reference was never stored. It is given the current content and adopted. A deleted Google event keeps its id
   * (status "cancelled"), so `status: "confirmed"` also brings back one a host re-gains (a reassignment undone).
   */
  async createEvent(credential, calendarId, event) {
    const id = eventWriteKey(event.uid, calendarId);
    const response = await call(credential, withConferenceData(eventPath(calendarId), event), {
      method: "POST",
      body: JSON.stringify({ id, ...eventBody(event), ...conferenceRequest(event, id) }),
    });
    if (response.status !== 409) return (await jsonOrThrow<{ id: string }>(response, "Creating the Google event")).id;
    await response.body?.cancel();
    await jsonOrThrow(
      await call(credential, withConferenceData(eventPath(calendarId, id), event), {
        method: "PATCH",
        body: JSON.stringify({ ...eventBody(event), ...conferenceRequest(event, id), status: "confirmed" }),
      }),
      "Updating the Google event an earlier attempt created",
    );
    return id;
  },

  async updateEvent(credential, calendarId, eventId, event) {
    await jsonOrThrow(
      await call(credential, eventPath(calendarId, eventId), { method: "PATCH", body: JSON.stringify(eventBody(event)) }),
      "Moving the Google event",
    );
  },

  async deleteEvent(credential, calendarId, eventId) {
    const response = await call(credential, eventPath(calendarId, eventId), { method: "DELETE" });
    if (response.ok || response.status === 404 || response.status === 410) return void (await response.body?.cancel());
    await jsonOrThrow(response, "Deleting the Google event");
  },
};

/** The primary calendar's id is the account's e-mail address. */
export async function googleAccountEmail(credential: ConnectedCredential<TOAuthSecret>): Promise<string | null> {
  const calendars = await googleAdapter.listCalendars(credential);
  return calendars.find((calendar) => calendar.primary)?.externalId ?? null;
}

/** The Meet link of an event written with a conference: hangoutLink, else its video entry point; null while Google makes it. */
export async function googleMeetLink(credential: ConnectedCredential<TOAuthSecret>, calendarId: string, eventId: string): Promise<string | null> {
  const event = await jsonOrThrow<{ hangoutLink?: string; conferenceData?: { entryPoints?: { entryPointType?: string; uri?: string }[] } }>(
    await call(credential, eventPath(calendarId, eventId)),
    "Reading the Google event",
  );
  return event.hangoutLink ?? event.conferenceData?.entryPoints?.find((entry) => entry.entryPointType === "video")?.uri ?? null;
}
