/**
 * A stand-in for the Microsoft identity platform and Microsoft Graph on loopback, speaking the documented
 * shapes Convene uses: /{tenant}/oauth2/v2.0/authorize (consents at once, redirects with a code) and
 * /token (authorization_code and refresh_token grants; refresh tokens rotate), and Graph v1.0 /me,
 * /me/calendars, /me/calendars/{id}/calendarView (paged with @odata.nextLink, times in UTC when asked
 * with Prefer: outlook.timezone="UTC"), /me/calendars/{id}/events (a POST with a transactionId seen before answers
 * 201 with the event that one made) and /me/events/{id}. Tests drive it
 * through /__test/… like the fake Google.
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import { fakeOAuth, listenOnLoopback, readBody, send } from "./fake-oauth-provider";

type GraphTime = { dateTime: string; timeZone: string };
type Event = {
  id: string;
  subject?: string;
  start: GraphTime;
  end: GraphTime;
  showAs: string;
  isCancelled: boolean;
  calendarId: string;
  /** Only when the client set one. */
  transactionId?: string;
  isOnlineMeeting?: boolean;
  onlineMeetingProvider?: string;
  onlineMeeting?: { joinUrl: string } | null;
};
type Account = { email: string; calendarId: string; events: Event[]; refreshCount: number };

export type FakeMicrosoft = { url: string; serverEnv: Record<string, string>; stop: () => Promise<void> };

const CLIENT_ID = "00000000-fake-4000-8000-microsoft0001";
const CLIENT_SECRET = "fake-microsoft-secret";
const PAGE_SIZE = 2;

/** Graph writes UTC times without a designator and with 7 fractional digits. */
const graphUtc = (date: Date) => ({ dateTime: date.toISOString().replace(/\.(\d{3})Z$/, ".$10000"), timeZone: "UTC" });
const instant = (time: GraphTime) => Date.parse(/Z$|[+-]\d\d:\d\d$/.test(time.dateTime) ? time.dateTime : `${time.dateTime}Z`);

export async function startFakeMicrosoft(): Promise<FakeMicrosoft> {
  const oauth = fakeOAuth<Account>({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    newAccount: (email) => ({ email, calendarId: `AAMk${randomBytes(12).toString("hex")}`, events: [], refreshCount: 0 }),
    emailDomain: "outlook.test",
    codePrefix: "M.C507_",
    accessTokenPrefix: "eyJ0eXAi.",
    refreshTokenPrefix: "M.R3_BAY.",
    rotatesRefreshTokens: true,
    tokenResponse: (accessToken, refreshToken) => ({
      token_type: "Bearer",
      scope: "Calendars.ReadWrite User.Read",
      expires_in: 3600,
      access_token: accessToken,
      refresh_token: refreshToken,
    }),
    unknownRefreshTokenMessage: "AADSTS70008: The refresh token has expired.",
  });
  let baseUrl = "";

  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://fake-microsoft");
    const path = url.pathname;
    const body = ["POST", "PATCH"].includes(request.method ?? "") ? await readBody(request) : "";

    if (path === "/common/oauth2/v2.0/authorize") return oauth.authorize(url, response);
    if (path === "/common/oauth2/v2.0/token" && request.method === "POST") return oauth.tokenEndpoint(body, response);
    if (path.startsWith("/__test/")) return oauth.control(path, body, response, { seedBusy, describe });

    if (path.startsWith("/v1.0/")) {
      const account = oauth.accountFor(request);
      if (!account) return send(response, 401, { error: { code: "InvalidAuthenticationToken", message: "Access token has expired or is not yet valid." } });
      return graph(account, request.method ?? "GET", path.slice("/v1.0".length), url.searchParams, body, response);
    }
    send(response, 404, { error: { code: "NotFound", message: "Not found" } });
  });

  function graph(account: Account, method: string, path: string, query: URLSearchParams, body: string, response: http.ServerResponse) {
    if (method === "GET" && path === "/me") return send(response, 200, { id: "fake-user", mail: account.email, userPrincipalName: account.email });
    if (method === "GET" && path === "/me/calendars") {
      return send(response, 200, {
        value: [{ id: account.calendarId, name: "Calendar", isDefaultCalendar: true, canEdit: true, owner: { name: "Fake", address: account.email } }],
      });
    }
    const view = path.match(/^\/me\/calendars\/([^/]+)\/calendarView$/);
    if (method === "GET" && view) {
      if (decodeURIComponent(view[1]!) !== account.calendarId) return send(response, 404, { error: { code: "ErrorItemNotFound" } });
      const from = Date.parse(query.get("startDateTime") ?? "");
      const to = Date.parse(query.get("endDateTime") ?? "");
      const skip = Number(query.get("$skip") ?? 0);
      const matching = account.events.filter((event) => instant(event.end) > from && instant(event.start) < to);
      const page = matching.slice(skip, skip + PAGE_SIZE);
      const next = new URLSearchParams(query);
      next.set("$skip", String(skip + PAGE_SIZE));
      return send(response, 200, {
        value: page.map(({ id, showAs, isCancelled, start, end }) => ({ id, showAs, isCancelled, start, end })),
        ...(skip + PAGE_SIZE < matching.length ? { "@odata.nextLink": `${baseUrl}/v1.0${path}?${next}` } : {}),
      });
    }
    const create = path.match(/^\/me\/calendars\/([^/]+)\/events$/);
    if (method === "POST" && create) {
      const input = JSON.parse(body) as {
        subject?: string;
        start: GraphTime;
        end: GraphTime;
        transactionId?: string;
        isOnlineMeeting?: boolean;
        onlineMeetingProvider?: string;
      };
      // Graph's guard against a client's retried POST: the event the same transactionId created, not a second one.
      const earlier = input.transactionId ? account.events.find((event) => event.transactionId === input.transactionId) : undefined;
      if (earlier) return send(response, 201, earlier);
      const event: Event = {
        id: `AAMkEvent${randomBytes(8).toString("hex")}`,
        subject: input.subject,
        start: graphUtc(new Date(instant(input.start))),
        end: graphUtc(new Date(instant(input.end))),
        showAs: "busy",
        isCancelled: false,
        calendarId: decodeURIComponent(create[1]!),
        ...(input.transactionId ? { transactionId: input.transactionId } : {}),
        // Graph makes the Teams meeting with the event when asked with a provider the account allows.
        ...(input.isOnlineMeeting && input.onlineMeetingProvider === "teamsForBusiness"
          ? {
              isOnlineMeeting: true,
              onlineMeetingProvider: "teamsForBusiness",
              onlineMeeting: { joinUrl: `https://teams.microsoft.com/l/meetup-join/19%3ameeting_${randomBytes(12).toString("hex")}%40thread.v2/0` },
            }
          : { isOnlineMeeting: false, onlineMeeting: null }),
      };
      account.events.push(event);
      return send(response, 201, event);
    }
    const single = path.match(/^\/me\/events\/([^/]+)$/);
    const index = single ? account.events.findIndex((event) => event.id === decodeURIComponent(single[1]!)) : -1;
    if (single && index < 0) return send(response, 404, { error: { code: "ErrorItemNotFound", message: "The specified object was not found in the store." } });
    if (single && method === "GET") return send(response, 200, account.events[index]);
    if (single && method === "PATCH") {
      const input = JSON.parse(body) as { subject?: string; start?: GraphTime; end?: GraphTime };
      const event = account.events[index]!;
      account.events[index] = {
        ...event,
        subject: input.subject ?? event.subject,
        start: input.start ? graphUtc(new Date(instant(input.start))) : event.start,
        end: input.end ? graphUtc(new Date(instant(input.end))) : event.end,
      };
      return send(response, 200, account.events[index]);
    }
    if (single && method === "DELETE") {
      account.events.splice(index, 1);
      return send(response, 204);
    }
    send(response, 400, { error: { code: "BadRequest", message: `Unsupported ${method} ${path}` } });
  }

  function seedBusy(account: Account, body: string) {
    const { start, end, showAs = "busy" } = JSON.parse(body) as { start: string; end: string; showAs?: string };
    account.events.push({
      id: `AAMkSeed${randomBytes(8).toString("hex")}`,
      subject: "Seeded",
      start: graphUtc(new Date(start)),
      end: graphUtc(new Date(end)),
      showAs,
      isCancelled: false,
      calendarId: account.calendarId,
    });
  }

  function describe(account: Account) {
    return { email: account.email, refreshCount: account.refreshCount, events: account.events };
  }

  const { url, stop } = await listenOnLoopback(server);
  baseUrl = url;
  return {
    url,
    serverEnv: {
      MICROSOFT_CLIENT_ID: CLIENT_ID,
      MICROSOFT_CLIENT_SECRET: CLIENT_SECRET,
      MICROSOFT_LOGIN_URL: `${url}/common/oauth2/v2.0`,
      MICROSOFT_GRAPH_URL: `${url}/v1.0`,
    },
    stop,
  };
}
