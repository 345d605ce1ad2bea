/**
 * ICS feeds: read-only calendars published at a URL. One credential holds the feed URLs saved together;
 * each URL is one calendar. URLs of private feeds embed a secret token, so they live only in the
 * encrypted secret: a calendar's externalId is a digest of its URL, its name the feed's X-WR-CALNAME as
 * read when it was saved, else the URL's host.
 */
import { createHash } from "node:crypto";
import { z } from "zod";
import { env } from "../env";
import { CalendarError, type CalendarAdapter, type CalendarSummary } from "./calendar-adapter";
import { busyIntervals, icsCalendarName, parseIcsEvents, type IcsEvent } from "./ics-busy";
import { OutboundUrlError, parseUserUrl, requestUserUrl } from "../security/outbound-http";

/** `names[i]` is the name feed `urls[i]` gave itself when saved (absent in credentials saved before names were kept). */
export const ZIcsFeedSecret = z.object({ urls: z.array(z.string()).min(1), names: z.array(z.string().nullable()).optional() });
export type TIcsFeedSecret = z.infer<typeof ZIcsFeedSecret>;

export const icsExternalId = (url: string) => `ics-${createHash("sha256").update(url).digest("hex").slice(0, 24)}`;

function feedName(url: string): string {
  try {
    return parseUserUrl(url, true).hostname;
  } catch {
    return "ICS feed";
  }
}

export type IcsFeed = { events: IcsEvent[]; name: string | null };

/** Fetches and parses one feed; a redirect, an error status or a non-iCalendar body is a CalendarError. */
export async function fetchIcsFeed(url: string): Promise<IcsFeed> {
  let response;
  try {
    response = await requestUserUrl(url, { headers: { accept: "text/calendar, */*;q=0.5" }, allowPrivateNetwork: env().ALLOW_PRIVATE_NETWORK_URLS });
  } catch (error) {
    throw new CalendarError("unreachable", error instanceof OutboundUrlError ? error.message : "The feed could not be fetched");
  }
  if (response.status >= 300 && response.status < 400)
    throw new CalendarError("protocol", `The feed answered with a redirect (${response.status}); give the final URL, redirects are not followed`);
  if (response.status === 401 || response.status === 403) throw new CalendarError("auth", `The feed refused access (${response.status})`);
  if (response.status !== 200) throw new CalendarError(response.status >= 500 ? "unreachable" : "protocol", `The feed answered ${response.status}`);
  try {
    return { events: parseIcsEvents(response.text), name: icsCalendarName(response.text) };
  } catch {
    throw new CalendarError("protocol", "The URL does not serve an iCalendar (ICS) feed");
  }
}

export const icsFeedAdapter: CalendarAdapter<TIcsFeedSecret> = {
  secretSchema: ZIcsFeedSecret,

  async listCalendars({ secret }): Promise<CalendarSummary[]> {
    return secret.urls.map((url, index) => ({
      externalId: icsExternalId(url),
      name: secret.names?.[index] ?? feedName(url),
      primary: index === 0,
      readOnly: true,
      email: null,
    }));
  },

  async busyTimes({ secret, ownerTimeZone }, externalId, range) {
    const url = secret.urls.find((candidate) => icsExternalId(candidate) === externalId);
    if (!url) throw new CalendarError("protocol", "No such feed in this credential");
    return busyIntervals((await fetchIcsFeed(url)).events, range, ownerTimeZone);
  },
};
