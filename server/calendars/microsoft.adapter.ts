/**
 * Microsoft Graph calendars (Outlook.com, Microsoft 365): /me/calendars, calendarView for busy times
 * (per calendar, unlike getSchedule, which only answers for a whole mailbox) and events, with OAuth 2.0
 * tokens of the Microsoft identity platform. Available when MICROSOFT_CLIENT_ID and
 * MICROSOFT_CLIENT_SECRET are set; base URLs are configurable for tests.
 */
import { env } from "../env";
import { CalendarError, type CalendarAdapter, type CalendarEventInput, type ConnectedCredential } from "./calendar-adapter";
import { eventWriteKey } from "./event-write-key";
import { apiFetch, callWithToken, jsonOrThrow, ZOAuthSecret, type OAuthClientConfig, type TOAuthSecret } from "./oauth-tokens";

export const MICROSOFT_SCOPES = ["offline_access", "User.Read", "Calendars.ReadWrite"];

const login = (path: string) => `${env().MICROSOFT_LOGIN_URL.replace(/\/$/, "")}${path}`;
const graph = (path: string) => (path.startsWith("http") ? path : `${env().MICROSOFT_GRAPH_URL.replace(/\/$/, "")}${path}`);

export function microsoftClientConfig(): OAuthClientConfig | null {
  const { MICROSOFT_CLIENT_ID, MICROSOFT_CLIENT_SECRET } = env();
  return MICROSOFT_CLIENT_ID && MICROSOFT_CLIENT_SECRET
    ? { tokenUrl: login("/token"), clientId: MICROSOFT_CLIENT_ID, clientSecret: MICROSOFT_CLIENT_SECRET, scope: MICROSOFT_SCOPES.join(" ") }
    : null;
}

export function microsoftAuthUrl(config: OAuthClientConfig, redirectUri: string, state: string): string {
  const url = new URL(login("/authorize"));
  url.search = new URLSearchParams({
    client_id: config.clientId,
    redirect_uri: redirectUri,
    response_type: "code",
    response_mode: "query",
    scope: MICROSOFT_SCOPES.join(" "),
    state,
  }).toString();
  return url.href;
}

function configOrThrow(): OAuthClientConfig {
  const config = microsoftClientConfig();
  if (!config) throw new CalendarError("unreachable", "Outlook Calendar is not configured on this server (MICROSOFT_CLIENT_ID, MICROSOFT_CLIENT_SECRET)");
  return config;
}

const call = (credential: ConnectedCredential<TOAuthSecret>, path: string, init: RequestInit = {}) =>
  callWithToken(credential, configOrThrow(), (accessToken) => apiFetch(graph(path), { ...init, accessToken }));

/** Graph date-times are zone-less strings qualified by `timeZone`; we always ask for UTC. */
const fromGraphTime = (value: { dateTime: string; timeZone?: string }) =>
  new Date(/[zZ]|[+-]\d\d:\d\d$/.test(value.dateTime) ? value.dateTime : `${value.dateTime}Z`);
const toGraphTime = (date: Date) => ({ dateTime: date.toISOString().replace(/Z$/, ""), timeZone: "UTC" });
const UTC_PREFERENCE = { Prefer: 'outlook.timezone="UTC"' };
const MAX_PAGES = 20;

const eventBody = (event: CalendarEventInput) => ({
  subject: event.title,
  body: { contentType: "text", content: event.description },
  start: toGraphTime(event.start),
  end: toGraphTime(event.end),
  ...(event.location ? { location: { displayName: event.location } } : {}),
  // A Teams meeting made with the event (Graph: isOnlineMeeting + onlineMeetingProvider); its link is onlineMeeting.joinUrl.
  ...(event.conference === "office365-video" ? { isOnlineMeeting: true, onlineMeetingProvider: "teamsForBusiness" } : {}),
});

type GraphCalendar = { id: string; name?: string; isDefaultCalendar?: boolean; canEdit?: boolean; owner?: { address?: string } };
type GraphEvent = {
  id?: string;
  showAs?: string;
  isCancelled?: boolean;
  start: { dateTime: string; timeZone?: string };
  end: { dateTime: string; timeZone?: string };
};

/** Follows @odata.nextLink, at most MAX_PAGES pages. */
async function allPages<T>(credential: ConnectedCredential<TOAuthSecret>, firstPath: string, what: string, headers: Record<string, string> = {}): Promise<T[]> {
  const items: T[] = [];
  let next: string | undefined = firstPath;
  for (let page = 0; next && page < MAX_PAGES; page += 1) {
    const body: { value?: T[]; "@odata.nextLink"?: string } = await jsonOrThrow(await call(credential, next, { headers }), what);
    items.push(...(body.value ?? []));
    next = body["@odata.nextLink"];
    // The next page carries our bearer token: only ever to the configured Graph endpoint.
    if (next && !next.startsWith(graph("/"))) throw new CalendarError("protocol", "Microsoft Graph pointed the next page at another host");
  }
  return items;
}

export const microsoftAdapter: CalendarAdapter<TOAuthSecret> = {
  secretSchema: ZOAuthSecret,

  async listCalendars(credential) {
    const calendars = await allPages<GraphCalendar>(credential, "/me/calendars?$select=id,name,isDefaultCalendar,canEdit,owner", "Listing Outlook calendars");
    return calendars.map((calendar) => ({
      externalId: calendar.id,
      name: calendar.name ?? "Calendar",
      primary: calendar.isDefaultCalendar === true,
      readOnly: calendar.canEdit === false,
      email: calendar.isDefaultCalendar ? (calendar.owner?.address ?? credential.secret.email) : null,
    }));
  },

  async busyTimes(credential, externalId, range) {
    const query = new URLSearchParams({
      startDateTime: range.start.toISOString(),
      endDateTime: range.end.toISOString(),
      $select: "id,showAs,isCancelled,start,end",
      $top: "250",
    });
    const events = await allPages<GraphEvent>(
      credential,
      `/me/calendars/${encodeURIComponent(externalId)}/calendarView?${query}`,
      "Outlook calendarView",
      UTC_PREFERENCE,
    );
    return events
      .filter((event) => !event.isCancelled && event.showAs !== "free" && event.showAs !== "workingElsewhere")
      .map((event) => ({ start: fromGraphTime(event.start), end: fromGraphTime(event.end), ...(event.id ? { eventId: event.id } : {}) }));
  },

  /**
   * With a transactionId of our choosing (eventWriteKey): Graph answers a POST whose transactionId it has seen with
   * the event that one created, so a retried create (the reference of the first was never stored) makes no second
   * event. Graph answers with the event as that first request wrote it: a retry of the same job writes the same
   * booking snapshot, so only another job adopting it (the create's job gave up, then the booking changed) would
   * leave older content in it until the booking's next change.
   */
  async createEvent(credential, calendarId, event) {
    const response = await call(credential, `/me/calendars/${encodeURIComponent(calendarId)}/events`, {
      method: "POST",
      body: JSON.stringify({ ...eventBody(event), transactionId: eventWriteKey(event.uid, calendarId) }),
    });
    return (await jsonOrThrow<{ id: string }>(response, "Creating the Outlook event")).id;
  },

  async updateEvent(credential, _calendarId, eventId, event) {
    await jsonOrThrow(
      await call(credential, `/me/events/${encodeURIComponent(eventId)}`, { method: "PATCH", body: JSON.stringify(eventBody(event)) }),
      "Moving the Outlook event",
    );
  },

  async deleteEvent(credential, _calendarId, eventId) {
    const response = await call(credential, `/me/events/${encodeURIComponent(eventId)}`, { method: "DELETE" });
    if (response.ok || response.status === 404) return void (await response.body?.cancel());
    await jsonOrThrow(response, "Deleting the Outlook event");
  },
};

export async function microsoftAccountEmail(credential: ConnectedCredential<TOAuthSecret>): Promise<string | null> {
  const me = await jsonOrThrow<{ mail?: string | null; userPrincipalName?: string }>(
    await call(credential, "/me?$select=mail,userPrincipalName"),
    "Reading the Microsoft profile",
  );
  return me.mail ?? me.userPrincipalName ?? null;
}

/** The Teams link of an event written as an online meeting; null while Graph has none. */
export async function teamsJoinUrl(credential: ConnectedCredential<TOAuthSecret>, eventId: string): Promise<string | null> {
  const event = await jsonOrThrow<{ onlineMeeting?: { joinUrl?: string } | null }>(
    await call(credential, `/me/events/${encodeURIComponent(eventId)}?$select=onlineMeeting`),
    "Reading the Outlook event",
  );
  return event.onlineMeeting?.joinUrl ?? null;
}
