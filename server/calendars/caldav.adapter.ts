/**
 * CalDAV (RFC 4791): iCloud ("Apple calendar") by default, or any CalDAV server the user names.
 * Discovery: current-user-principal → calendar-home-set → the calendar collections in it that hold
 * events. Busy times: a calendar-query REPORT with a time-range filter, read by ics-busy.ts. Bookings
 * are written as one resource per event, named after the event's UID, so moving or deleting it needs
 * nothing but the UID.
 */
import { z } from "zod";
import { buildIcs } from "./ics";
import { env } from "../env";
import { CalendarError, type CalendarAdapter, type CalendarEventInput, type CalendarSummary } from "./calendar-adapter";
import { CALDAV, DAV, escapeXml, findAll, parseMultistatus, type DavResponse } from "./dav-xml";
import { busyIntervals, parseIcsEvents, type IcsEvent } from "./ics-busy";
import { OutboundUrlError, requestUserUrl, type OutboundResponse } from "../security/outbound-http";

export const ZCalDavSecret = z.object({ url: z.string(), username: z.string(), password: z.string() });
export type TCalDavSecret = z.infer<typeof ZCalDavSecret>;

const DAV_TIMEOUT_MS = 10_000;

async function davRequest(
  secret: TCalDavSecret,
  method: string,
  url: string,
  options: { depth?: "0" | "1"; body?: string; contentType?: string; headers?: Record<string, string> } = {},
): Promise<OutboundResponse> {
  let response: OutboundResponse;
  try {
    response = await requestUserUrl(url, {
      method,
      body: options.body,
      timeoutMs: DAV_TIMEOUT_MS,
      allowPrivateNetwork: env().ALLOW_PRIVATE_NETWORK_URLS,
      headers: {
        authorization: `Basic ${Buffer.from(`${secret.username}:${secret.password}`).toString("base64")}`,
        ...(options.depth ? { depth: options.depth } : {}),
        ...(options.body ? { "content-type": options.contentType ?? "application/xml; charset=utf-8" } : {}),
        ...options.headers,
      },
    });
  } catch (error) {
    throw new CalendarError("unreachable", error instanceof OutboundUrlError ? error.message : "The CalDAV server could not be reached");
  }
  if (response.status === 401 || response.status === 403) throw new CalendarError("auth", "The CalDAV server rejected the username or password");
  if (response.status >= 300 && response.status < 400) {
    throw new CalendarError(
      "protocol",
      `The CalDAV server redirected (${response.status}) to ${response.headers.location ?? "another URL"}; give that URL as the server URL, redirects are not followed`,
    );
  }
  if (response.status >= 500) throw new CalendarError("unreachable", `The CalDAV server answered ${response.status}`);
  return response;
}

const propfindBody = (props: string) =>
  `<?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop>${props}</d:prop></d:propfind>`;

async function propfind(secret: TCalDavSecret, url: string, depth: "0" | "1", props: string): Promise<DavResponse[]> {
  const response = await davRequest(secret, "PROPFIND", url, { depth, body: propfindBody(props) });
  if (response.status !== 207) throw new CalendarError("protocol", `The server does not speak CalDAV at ${url} (PROPFIND answered ${response.status})`);
  try {
    return parseMultistatus(response.text);
  } catch {
    throw new CalendarError("protocol", "The CalDAV server sent an unreadable answer");
  }
}

/** The href inside `prop` (e.g. <current-user-principal><href>/alice/</href>), resolved against `base`. */
function hrefIn(responses: DavResponse[], prop: string, base: string): string | null {
  for (const response of responses) {
    const element = response.props.get(prop);
    const href = element ? findAll(element, `${DAV}href`)[0]?.text.trim() : undefined;
    if (href) return new URL(href, base).href;
  }
  return null;
}

/** The calendar collections holding events, found from the server URL. */
async function discoverCalendars(secret: TCalDavSecret): Promise<CalendarSummary[]> {
  const principal = hrefIn(await propfind(secret, secret.url, "0", "<d:current-user-principal/>"), `${DAV}current-user-principal`, secret.url) ?? secret.url;
  const home = hrefIn(await propfind(secret, principal, "0", "<c:calendar-home-set/>"), `${CALDAV}calendar-home-set`, principal) ?? principal;
  const entries = await propfind(secret, home, "1", "<d:resourcetype/><d:displayname/><c:supported-calendar-component-set/><d:current-user-privilege-set/>");
  const calendars = entries.filter((entry) => {
    const isCalendar = findAll(entry.props.get(`${DAV}resourcetype`) ?? { name: "", attributes: {}, children: [], text: "" }, `${CALDAV}calendar`).length > 0;
    const components = entry.props.get(`${CALDAV}supported-calendar-component-set`);
    const holdsEvents = !components || components.children.some((component) => component.attributes.name?.toUpperCase() === "VEVENT");
    return isCalendar && holdsEvents;
  });
  return calendars.map((entry, index) => {
    const externalId = new URL(entry.href, home).href;
    const privileges = entry.props.get(`${DAV}current-user-privilege-set`);
    const canWrite = !privileges || ["write", "write-content", "all"].some((name) => findAll(privileges, `${DAV}${name}`).length > 0);
    return {
      externalId,
      name: entry.props.get(`${DAV}displayname`)?.text.trim() || decodeURIComponent(externalId.split("/").filter(Boolean).pop() ?? "Calendar"),
      primary: index === 0,
      readOnly: !canWrite,
      email: null,
    };
  });
}

const compactStamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

const calendarQuery = (range: { start: Date; end: Date }) =>
  `<?xml version="1.0" encoding="utf-8"?><c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><c:calendar-data/></d:prop>` +
  `<c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT"><c:time-range start="${escapeXml(compactStamp(range.start))}" end="${escapeXml(compactStamp(range.end))}"/></c:comp-filter></c:comp-filter></c:filter></c:calendar-query>`;

/** The event's resource: `<calendar>/<UID, made path-safe>.ics`. */
const eventUrl = (calendarUrl: string, uid: string) =>
  new URL(`${uid.replace(/[^A-Za-z0-9._-]/g, "-")}.ics`, calendarUrl.endsWith("/") ? calendarUrl : `${calendarUrl}/`).href;

/**
 * The stored copy of a booking. No ATTENDEE lines: attendees already get Convene's own invitation, and
 * a CalDAV server doing implicit scheduling would send them a second one. No METHOD: RFC 4791 §4.1.
 */
function eventIcs(event: CalendarEventInput): string {
  const ics = buildIcs({ ...event, method: "PUBLISH", sequence: Math.floor(Date.now() / 1000), attendees: [] });
  return ics.replace(/^METHOD:.*\r\n/m, "");
}

async function putEvent(secret: TCalDavSecret, calendarId: string, event: CalendarEventInput): Promise<void> {
  const response = await davRequest(secret, "PUT", eventUrl(calendarId, event.uid), { body: eventIcs(event), contentType: "text/calendar; charset=utf-8" });
  if (response.status !== 201 && response.status !== 204 && response.status !== 200)
    throw new CalendarError("protocol", `The CalDAV server refused the event (${response.status})`);
}

export const calDavAdapter: CalendarAdapter<TCalDavSecret> = {
  secretSchema: ZCalDavSecret,

  listCalendars: ({ secret }) => discoverCalendars(secret),

  async busyTimes({ secret, ownerTimeZone }, externalId, range) {
    const response = await davRequest(secret, "REPORT", externalId, { depth: "1", body: calendarQuery(range) });
    if (response.status !== 207) throw new CalendarError("protocol", `The calendar query answered ${response.status}`);
    const events = parseMultistatus(response.text).flatMap((entry) => {
      const data = entry.props.get(`${CALDAV}calendar-data`)?.text;
      try {
        return data ? parseIcsEvents(data) : [];
      } catch {
        return [];
      }
    });
    // Per UID (an event and its moved instances share one), so each interval carries its event's UID:
    // the id createEvent returns, by which the copies of Convene's own bookings are recognised.
    const byUid = new Map<string, IcsEvent[]>();
    for (const event of events) {
      const uid = event.get("UID")?.[0]?.value ?? "";
      byUid.set(uid, [...(byUid.get(uid) ?? []), event]);
    }
    return [...byUid].flatMap(([uid, group]) => busyIntervals(group, range, ownerTimeZone).map((block) => (uid ? { ...block, eventId: uid } : block)));
  },

  async createEvent({ secret }, calendarId, event) {
    await putEvent(secret, calendarId, event);
    return event.uid;
  },

  async updateEvent({ secret }, calendarId, _eventId, event) {
    await putEvent(secret, calendarId, event);
  },

  async deleteEvent({ secret }, calendarId, eventId) {
    const response = await davRequest(secret, "DELETE", eventUrl(calendarId, eventId));
    if (response.status >= 400 && response.status !== 404 && response.status !== 410)
      throw new CalendarError("protocol", `The CalDAV server refused to delete the event (${response.status})`);
  },
};
