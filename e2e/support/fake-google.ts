/**
 * A stand-in for Google on loopback, speaking the documented shapes Convene uses: the OAuth 2.0
 * authorization endpoint (consents at once and redirects with a code), the token endpoint
 * (authorization_code and refresh_token grants, client_secret_post) and Calendar API v3
 * (users/me/calendarList, freeBusy, events list / insert / patch / delete; insert takes a client-chosen id, 400 when
 * it is not base32hex of 5 to 1024 characters, 409 "duplicate" when the calendar holds it), with bearer checks that answer 401
 * like Google does. Each authorization creates a fresh account (or the one named by login_hint).
 * Tests drive it through /__test/…: add busy events, expire access tokens, read what was written.
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import { fakeOAuth, listenOnLoopback, readBody, send } from "./fake-oauth-provider";

type Conference = {
  createRequest?: { requestId: string; conferenceSolutionKey: { type: string }; status?: { statusCode: string } };
  entryPoints?: { entryPointType: string; uri: string }[];
  conferenceSolution?: { key: { type: string } };
  conferenceId?: string;
};
type Event = {
  id: string;
  summary?: string;
  description?: string;
  start: { dateTime: string };
  end: { dateTime: string };
  transparency?: string;
  hangoutLink?: string;
  conferenceData?: Conference;
};

/** Google makes a Meet conference for a createRequest only when the request says conferenceDataVersion=1; otherwise the field is dropped. */
function withConference(event: Event, query: URLSearchParams): Event {
  const request = event.conferenceData?.createRequest;
  if (!request) return event;
  if (query.get("conferenceDataVersion") !== "1" || request.conferenceSolutionKey?.type !== "hangoutsMeet") {
    const { conferenceData: _dropped, ...rest } = event;
    return rest;
  }
  const code = `${randomBytes(2).toString("hex").slice(0, 3)}-${randomBytes(2).toString("hex")}-${randomBytes(2).toString("hex").slice(0, 3)}`;
  const uri = `https://meet.google.com/${code}`;
  return {
    ...event,
    hangoutLink: uri,
    conferenceData: {
      createRequest: { ...request, status: { statusCode: "success" } },
      entryPoints: [{ entryPointType: "video", uri }],
      conferenceSolution: { key: { type: "hangoutsMeet" } },
      conferenceId: code,
    },
  };
}
type Account = { email: string; events: Map<string, Event[]>; refreshCount: number };

export type FakeGoogle = { url: string; serverEnv: Record<string, string>; stop: () => Promise<void> };

const CLIENT_ID = "fake-google-client.apps.googleusercontent.test";
const CLIENT_SECRET = "fake-google-secret";
/** What events.insert accepts as a client-chosen id: lowercase base32hex (a-v, 0-9), 5 to 1024 characters. */
const CLIENT_EVENT_ID = /^[a-v0-9]{5,1024}$/;

/** Google's error body: the reason names the case (e.g. "duplicate" for an id already taken). */
const googleError = (code: number, reason: string, message: string) => ({ error: { errors: [{ domain: "global", reason, message }], code, message } });

export async function startFakeGoogle(): Promise<FakeGoogle> {
  const oauth = fakeOAuth<Account>({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    newAccount: (email) => ({ email, events: new Map([[email, []]]), refreshCount: 0 }),
    emailDomain: "gmail.test",
    codePrefix: "4/code.",
    accessTokenPrefix: "ya29.",
    refreshTokenPrefix: "1//refresh.",
    rotatesRefreshTokens: false,
    tokenResponse: (accessToken, refreshToken) => ({
      access_token: accessToken,
      ...(refreshToken ? { refresh_token: refreshToken, scope: "calendar" } : {}),
      expires_in: 3599,
      token_type: "Bearer",
    }),
    unknownRefreshTokenMessage: "Token has been expired or revoked.",
  });

  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://fake-google");
    const path = url.pathname;
    const body = ["POST", "PATCH", "PUT"].includes(request.method ?? "") ? await readBody(request) : "";

    if (path === "/o/oauth2/v2/auth") return oauth.authorize(url, response);
    if (path === "/token" && request.method === "POST") return oauth.tokenEndpoint(body, response);
    if (path.startsWith("/__test/")) return oauth.control(path, body, response, { seedBusy, describe });

    if (path.startsWith("/calendar/v3/")) {
      const account = oauth.accountFor(request);
      if (!account) return send(response, 401, { error: { code: 401, message: "Request had invalid authentication credentials.", status: "UNAUTHENTICATED" } });
      return calendarApi(account, request.method ?? "GET", path.slice("/calendar/v3".length), url.searchParams, body, response);
    }
    send(response, 404, { error: { code: 404, message: "Not Found" } });
  });

  function calendarApi(account: Account, method: string, path: string, query: URLSearchParams, body: string, response: http.ServerResponse) {
    if (method === "GET" && path === "/users/me/calendarList") {
      return send(response, 200, {
        kind: "calendar#calendarList",
        items: [
          { id: account.email, summary: account.email, primary: true, accessRole: "owner" },
          { id: "en.usa#holiday@group.v.calendar.google.com", summary: "Holidays", accessRole: "reader" },
        ],
      });
    }
    if (method === "POST" && path === "/freeBusy") {
      const { timeMin, timeMax, items } = JSON.parse(body) as { timeMin: string; timeMax: string; items: { id: string }[] };
      const calendars = Object.fromEntries(
        items.map(({ id }) => {
          const events = account.events.get(id);
          if (!events) return [id, { errors: [{ domain: "global", reason: "notFound" }], busy: [] }];
          const busy = events
            .filter(
              (event) =>
                event.transparency !== "transparent" &&
                Date.parse(event.end.dateTime) > Date.parse(timeMin) &&
                Date.parse(event.start.dateTime) < Date.parse(timeMax),
            )
            .map((event) => ({ start: event.start.dateTime, end: event.end.dateTime }));
          return [id, { busy }];
        }),
      );
      return send(response, 200, { kind: "calendar#freeBusy", timeMin, timeMax, calendars });
    }
    const match = path.match(/^\/calendars\/([^/]+)\/events(?:\/([^/]+))?$/);
    const events = match ? account.events.get(decodeURIComponent(match[1]!)) : undefined;
    if (!match || !events) return send(response, 404, { error: { code: 404, message: "Not Found" } });
    const eventId = match[2] ? decodeURIComponent(match[2]) : null;
    const index = eventId ? events.findIndex((event) => event.id === eventId) : -1;
    if (method === "GET" && !eventId) {
      const timeMin = Date.parse(query.get("timeMin") ?? "");
      const timeMax = Date.parse(query.get("timeMax") ?? "");
      const items = events
        .filter((event) => Date.parse(event.end.dateTime) > timeMin && Date.parse(event.start.dateTime) < timeMax)
        .map((event) => ({ kind: "calendar#event", status: "confirmed", ...event }));
      return send(response, 200, { kind: "calendar#events", timeZone: "UTC", items });
    }
    if (method === "POST" && !eventId) {
      const input = JSON.parse(body) as Omit<Event, "id"> & { id?: string };
      // A client may choose the id: base32hex, 5 to 1024 characters, unique in the calendar.
      if (input.id !== undefined && !CLIENT_EVENT_ID.test(input.id)) return send(response, 400, googleError(400, "invalid", "Invalid resource id value."));
      if (input.id !== undefined && events.some((event) => event.id === input.id))
        return send(response, 409, googleError(409, "duplicate", "The requested identifier already exists."));
      const event = withConference({ ...input, id: input.id ?? randomBytes(10).toString("hex") }, query);
      events.push(event);
      return send(response, 200, { kind: "calendar#event", status: "confirmed", ...event });
    }
    if (index < 0) return send(response, method === "DELETE" ? 410 : 404, { error: { code: 404, message: "Not Found" } });
    if (method === "GET") return send(response, 200, { kind: "calendar#event", status: "confirmed", ...events[index]! });
    if (method === "PATCH") {
      const patch = JSON.parse(body) as Partial<Event>;
      // A conference once made stays; a new createRequest only counts on an event without one.
      const next = { ...events[index]!, ...patch, ...(events[index]!.hangoutLink ? { conferenceData: events[index]!.conferenceData } : {}) };
      events[index] = events[index]!.hangoutLink ? next : withConference(next, query);
      return send(response, 200, events[index]);
    }
    if (method === "DELETE") {
      events.splice(index, 1);
      return send(response, 204);
    }
    send(response, 405, { error: { code: 405, message: "Method not allowed" } });
  }

  function seedBusy(account: Account, body: string) {
    const { start, end } = JSON.parse(body) as { start: string; end: string };
    account.events
      .get(account.email)!
      .push({ id: randomBytes(10).toString("hex"), summary: "Busy (seeded)", start: { dateTime: start }, end: { dateTime: end } });
  }

  function describe(account: Account) {
    return { email: account.email, refreshCount: account.refreshCount, events: account.events.get(account.email) };
  }

  const { url, stop } = await listenOnLoopback(server);
  return {
    url,
    serverEnv: {
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
      GOOGLE_AUTH_URL: `${url}/o/oauth2/v2/auth`,
      GOOGLE_TOKEN_URL: `${url}/token`,
      GOOGLE_CALENDAR_API_URL: `${url}/calendar/v3`,
    },
    stop,
  };
}
