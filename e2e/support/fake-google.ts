/**
 * A stand-in for Google on loopback, speaking the documented shapes Convene uses: the OAuth 2.0
 * authorization endpoint (consents at once and redirects with a code), the token endpoint
 * (authorization_code and refresh_token grants, client_secret_post) and Calendar API v3
 * (users/me/calendarList, freeBusy, events insert / patch / delete), with bearer checks that answer 401
 * like Google does. Each authorization creates a fresh account (or the one named by login_hint).
 * Tests drive it through /__test/…: add busy events, expire access tokens, read what was written.
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

type Event = { id: string; summary?: string; description?: string; start: { dateTime: string }; end: { dateTime: string }; transparency?: string };
type Account = { email: string; events: Map<string, Event[]>; refreshCount: number };

export type FakeGoogle = { url: string; serverEnv: Record<string, string>; stop: () => Promise<void> };

const CLIENT_ID = "fake-google-client.apps.googleusercontent.test";
const CLIENT_SECRET = "fake-google-secret";

async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function send(response: http.ServerResponse, status: number, body?: unknown) {
  response.writeHead(status, body === undefined ? {} : { "content-type": "application/json" });
  response.end(body === undefined ? undefined : JSON.stringify(body));
}

const token = (prefix: string) => `${prefix}.${randomBytes(16).toString("hex")}`;

export async function startFakeGoogle(): Promise<FakeGoogle> {
  const accounts = new Map<string, Account>();
  const codes = new Map<string, { email: string; redirectUri: string }>();
  const accessTokens = new Map<string, string>();
  const refreshTokens = new Map<string, string>();

  const issue = (email: string) => {
    const access = token("ya29");
    accessTokens.set(access, email);
    return access;
  };

  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://fake-google");
    const path = url.pathname;
    const body = ["POST", "PATCH", "PUT"].includes(request.method ?? "") ? await readBody(request) : "";

    if (path === "/o/oauth2/v2/auth") {
      const redirectUri = url.searchParams.get("redirect_uri") ?? "";
      if (url.searchParams.get("client_id") !== CLIENT_ID || !redirectUri) return send(response, 400, { error: "invalid_request" });
      const email = url.searchParams.get("login_hint") ?? `user-${randomBytes(4).toString("hex")}@gmail.test`;
      if (!accounts.has(email)) accounts.set(email, { email, events: new Map([[email, []]]), refreshCount: 0 });
      const code = token("4/code");
      codes.set(code, { email, redirectUri });
      const target = new URL(redirectUri);
      target.searchParams.set("code", code);
      target.searchParams.set("state", url.searchParams.get("state") ?? "");
      response.writeHead(302, { location: target.href });
      return response.end();
    }

    if (path === "/token" && request.method === "POST") {
      const form = new URLSearchParams(body);
      if (form.get("client_id") !== CLIENT_ID || form.get("client_secret") !== CLIENT_SECRET) return send(response, 401, { error: "invalid_client" });
      if (form.get("grant_type") === "authorization_code") {
        const grant = codes.get(form.get("code") ?? "");
        codes.delete(form.get("code") ?? "");
        if (!grant || grant.redirectUri !== form.get("redirect_uri")) return send(response, 400, { error: "invalid_grant" });
        const refresh = token("1//refresh");
        refreshTokens.set(refresh, grant.email);
        return send(response, 200, { access_token: issue(grant.email), refresh_token: refresh, expires_in: 3599, token_type: "Bearer", scope: "calendar" });
      }
      if (form.get("grant_type") === "refresh_token") {
        const email = refreshTokens.get(form.get("refresh_token") ?? "");
        if (!email) return send(response, 400, { error: "invalid_grant", error_description: "Token has been expired or revoked." });
        accounts.get(email)!.refreshCount += 1;
        return send(response, 200, { access_token: issue(email), expires_in: 3599, token_type: "Bearer" });
      }
      return send(response, 400, { error: "unsupported_grant_type" });
    }

    if (path.startsWith("/__test/")) return control(path, body, response);

    if (path.startsWith("/calendar/v3/")) {
      const email = accessTokens.get((request.headers.authorization ?? "").replace(/^Bearer /, ""));
      const account = email ? accounts.get(email) : undefined;
      if (!account) return send(response, 401, { error: { code: 401, message: "Request had invalid authentication credentials.", status: "UNAUTHENTICATED" } });
      return calendarApi(account, request.method ?? "GET", path.slice("/calendar/v3".length), body, response);
    }
    send(response, 404, { error: { code: 404, message: "Not Found" } });
  });

  function calendarApi(account: Account, method: string, path: string, body: string, response: http.ServerResponse) {
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
            .filter((event) => event.transparency !== "transparent" && Date.parse(event.end.dateTime) > Date.parse(timeMin) && Date.parse(event.start.dateTime) < Date.parse(timeMax))
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
    if (method === "POST" && !eventId) {
      const event = { ...(JSON.parse(body) as Omit<Event, "id">), id: randomBytes(10).toString("hex") };
      events.push(event);
      return send(response, 200, { kind: "calendar#event", status: "confirmed", ...event });
    }
    if (index < 0) return send(response, method === "DELETE" ? 410 : 404, { error: { code: 404, message: "Not Found" } });
    if (method === "PATCH") {
      events[index] = { ...events[index]!, ...(JSON.parse(body) as Partial<Event>) };
      return send(response, 200, events[index]);
    }
    if (method === "DELETE") {
      events.splice(index, 1);
      return send(response, 204);
    }
    send(response, 405, { error: { code: 405, message: "Method not allowed" } });
  }

  function control(path: string, body: string, response: http.ServerResponse) {
    if (path === "/__test/expire-access-tokens") {
      accessTokens.clear();
      return send(response, 200, { expired: true });
    }
    const match = path.match(/^\/__test\/accounts\/([^/]+)(\/busy)?$/);
    const account = match ? accounts.get(decodeURIComponent(match[1]!)) : undefined;
    if (!account) return send(response, 404, { error: "no such account" });
    if (match![2]) {
      const { start, end } = JSON.parse(body) as { start: string; end: string };
      account.events.get(account.email)!.push({ id: randomBytes(10).toString("hex"), summary: "Busy (seeded)", start: { dateTime: start }, end: { dateTime: end } });
      return send(response, 201, { ok: true });
    }
    send(response, 200, { email: account.email, refreshCount: account.refreshCount, events: account.events.get(account.email) });
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    serverEnv: {
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
      GOOGLE_AUTH_URL: `${url}/o/oauth2/v2/auth`,
      GOOGLE_TOKEN_URL: `${url}/token`,
      GOOGLE_CALENDAR_API_URL: `${url}/calendar/v3`,
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
