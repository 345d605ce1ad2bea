/**
 * A stand-in for Zoom on loopback, speaking the documented shapes Convene uses:
 * - OAuth (https://developers.zoom.us/docs/integrations/oauth/): GET /oauth/authorize consents at once and redirects
 *   with a code and the state; POST /oauth/token takes the client's credentials as HTTP Basic only, for the
 *   authorization_code and refresh_token grants, and rotates the refresh token on every refresh as Zoom does;
 * - the REST API under /v2 with bearer checks answering 401 with Zoom's {code, message} body: POST /users/me/meetings
 *   (201 with id, join_url), GET /users/me/meetings?type=upcoming, PATCH /meetings/{id} (204), DELETE /meetings/{id}
 *   (204; 404 with code 3001 when gone), GET /meetings/{id}/recordings (404 code 3301 when none),
 *   GET /past_meetings/{id}/instances and GET /past_meetings/{uuid};
 * - event notifications: `notify` signs a body as Zoom does (x-zm-signature v0 HMAC-SHA256 with the Secret Token).
 * Tests drive it through /__test/…: read the meetings, finish a recording, expire access tokens.
 */
import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import { listenOnLoopback, readBody, send } from "./fake-oauth-provider";

/** The download_token the stand-in puts on recording notifications. */
export const FAKE_DOWNLOAD_TOKEN = "fake-download-token";

export type FakeZoomMeeting = {
  id: number;
  uuid: string;
  topic: string;
  start_time: string;
  duration: number;
  timezone: string;
  agenda: string;
  join_url: string;
  deleted: boolean;
  recording_files: Record<string, unknown>[];
  past: { uuid: string; start_time: string; end_time: string; duration: number; participants_count: number }[];
};

export type FakeZoom = {
  url: string;
  serverEnv: Record<string, string>;
  webhookSecret: string;
  /** Every meeting made, deleted ones included (deleted: true). */
  meetings: () => FakeZoomMeeting[];
  /** The meeting's cloud recording (an MP4 and its transcript) is ready, as after a recorded session. */
  finishRecording: (meetingId: number) => FakeZoomMeeting;
  /** The body and headers Zoom would post for `event` about `meetingId`, signed with `secret` (default: the right one). */
  notification: (event: string, meetingId: number, secret?: string) => { body: string; headers: Record<string, string> };
  expireAccessTokens: () => void;
  stop: () => Promise<void>;
};

const CLIENT_ID = "fake-zoom-client";
const CLIENT_SECRET = "fake-zoom-secret";
const zoomError = (code: number, message: string) => ({ code, message });

export async function startFakeZoom(): Promise<FakeZoom> {
  const webhookSecret = randomBytes(16).toString("hex");
  const meetings = new Map<number, FakeZoomMeeting>();
  const codes = new Map<string, string>();
  const accessTokens = new Set<string>();
  const refreshTokens = new Set<string>();
  let nextId = 81_000_000_000 + Math.floor(Math.random() * 1_000_000) * 1000;
  let baseUrl = "";

  const issue = () => {
    const access = `zoom-at-${randomBytes(16).toString("hex")}`;
    const refresh = `zoom-rt-${randomBytes(16).toString("hex")}`;
    accessTokens.add(access);
    refreshTokens.add(refresh);
    return { access_token: access, token_type: "bearer", refresh_token: refresh, expires_in: 3599, scope: "meeting:write recording:read" };
  };

  function tokenEndpoint(request: http.IncomingMessage, body: string, response: http.ServerResponse) {
    const basic = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString("base64")}`;
    if (request.headers.authorization !== basic) return send(response, 401, { reason: "Invalid client_id or client_secret", error: "invalid_client" });
    const form = new URLSearchParams(body);
    if (form.get("grant_type") === "authorization_code") {
      const redirectUri = codes.get(form.get("code") ?? "");
      codes.delete(form.get("code") ?? "");
      if (!redirectUri || redirectUri !== form.get("redirect_uri"))
        return send(response, 400, { reason: "Invalid authorization code", error: "invalid_grant" });
      return send(response, 200, issue());
    }
    if (form.get("grant_type") === "refresh_token") {
      // Zoom rotates refresh tokens: the old one stops working once used.
      if (!refreshTokens.delete(form.get("refresh_token") ?? "")) return send(response, 400, { reason: "Invalid Token!", error: "invalid_grant" });
      return send(response, 200, issue());
    }
    send(response, 400, { reason: "Unsupported grant type", error: "unsupported_grant_type" });
  }

  const live = (id: string) => {
    const meeting = meetings.get(Number(id));
    return meeting && !meeting.deleted ? meeting : null;
  };

  function api(method: string, path: string, query: URLSearchParams, body: string, response: http.ServerResponse) {
    if (method === "POST" && path === "/users/me/meetings") {
      const input = JSON.parse(body) as Partial<FakeZoomMeeting>;
      if (!input.topic || !input.start_time || !input.duration) return send(response, 400, zoomError(300, "Validation Failed."));
      const id = nextId++;
      const meeting: FakeZoomMeeting = {
        id,
        uuid: `${randomBytes(12).toString("base64")}`,
        topic: input.topic,
        start_time: input.start_time,
        duration: input.duration,
        timezone: input.timezone ?? "UTC",
        agenda: input.agenda ?? "",
        join_url: `${baseUrl}/j/${id}?pwd=${randomBytes(8).toString("hex")}`,
        deleted: false,
        recording_files: [],
        past: [],
      };
      meetings.set(id, meeting);
      const { deleted: _deleted, recording_files: _files, past: _past, ...created } = meeting;
      return send(response, 201, { ...created, type: 2, host_id: "fake-host", start_url: `${meeting.join_url}&start=1` });
    }
    if (method === "GET" && path === "/users/me/meetings") {
      const upcoming = [...meetings.values()].filter((meeting) => !meeting.deleted && query.get("type") === "upcoming");
      return send(response, 200, {
        page_size: 300,
        total_records: upcoming.length,
        next_page_token: "",
        meetings: upcoming.map(({ id, uuid, topic, start_time, duration, timezone, agenda, join_url }) => ({
          id,
          uuid,
          topic,
          start_time,
          duration,
          timezone,
          agenda,
          join_url,
          type: 2,
        })),
      });
    }
    const meetingPath = /^\/meetings\/(\d+)(\/recordings)?$/.exec(path);
    if (meetingPath) {
      const meeting = live(meetingPath[1]!);
      if (!meeting) return send(response, 404, zoomError(3001, "Meeting does not exist."));
      if (meetingPath[2]) {
        if (method !== "GET") return send(response, 405, zoomError(405, "Method not allowed"));
        if (meeting.recording_files.length === 0) return send(response, 404, zoomError(3301, "This recording does not exist."));
        return send(response, 200, {
          id: meeting.id,
          uuid: meeting.uuid,
          topic: meeting.topic,
          start_time: meeting.start_time,
          recording_files: meeting.recording_files,
        });
      }
      if (method === "PATCH") {
        Object.assign(meeting, JSON.parse(body) as Partial<FakeZoomMeeting>);
        return send(response, 204);
      }
      if (method === "DELETE") {
        meeting.deleted = true;
        return send(response, 204);
      }
      if (method === "GET") return send(response, 200, meeting);
    }
    const instances = /^\/past_meetings\/(\d+)\/instances$/.exec(path);
    if (instances && method === "GET") {
      const meeting = meetings.get(Number(instances[1]));
      return send(response, 200, { meetings: (meeting?.past ?? []).map(({ uuid, start_time }) => ({ uuid, start_time })) });
    }
    const past = /^\/past_meetings\/(.+)$/.exec(path);
    if (past && method === "GET") {
      const uuid = decodeURIComponent(decodeURIComponent(past[1]!));
      for (const meeting of meetings.values()) {
        const session = meeting.past.find((entry) => entry.uuid === uuid);
        if (session) return send(response, 200, { id: meeting.id, topic: meeting.topic, ...session });
      }
      return send(response, 404, zoomError(3001, "Meeting does not exist."));
    }
    send(response, 404, zoomError(404, "Not found"));
  }

  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://fake-zoom");
    const body = ["POST", "PATCH", "PUT"].includes(request.method ?? "") ? await readBody(request) : "";
    if (url.pathname === "/oauth/authorize") {
      const redirectUri = url.searchParams.get("redirect_uri") ?? "";
      if (url.searchParams.get("client_id") !== CLIENT_ID || url.searchParams.get("response_type") !== "code" || !redirectUri)
        return send(response, 400, { error: "invalid_request" });
      const code = `zoom-code-${randomBytes(12).toString("hex")}`;
      codes.set(code, redirectUri);
      const target = new URL(redirectUri);
      target.searchParams.set("code", code);
      target.searchParams.set("state", url.searchParams.get("state") ?? "");
      response.writeHead(302, { location: target.href });
      return response.end();
    }
    if (url.pathname === "/oauth/token" && request.method === "POST") return tokenEndpoint(request, body, response);
    if (url.pathname.startsWith("/v2/")) {
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
      if (!token || !accessTokens.has(token)) return send(response, 401, zoomError(124, "Invalid access token."));
      return api(request.method ?? "GET", url.pathname.slice("/v2".length), url.searchParams, body, response);
    }
    send(response, 404, zoomError(404, "Not found"));
  });
  const { url, stop } = await listenOnLoopback(server);
  baseUrl = url;

  return {
    url,
    webhookSecret,
    serverEnv: {
      ZOOM_CLIENT_ID: CLIENT_ID,
      ZOOM_CLIENT_SECRET: CLIENT_SECRET,
      ZOOM_OAUTH_URL: `${url}/oauth`,
      ZOOM_API_URL: `${url}/v2`,
      ZOOM_WEBHOOK_SECRET_TOKEN: webhookSecret,
    },
    meetings: () => [...meetings.values()],
    finishRecording: (meetingId) => {
      const meeting = meetings.get(meetingId);
      if (!meeting) throw new Error(`no meeting ${meetingId}`);
      const start = new Date(meeting.start_time);
      const end = new Date(start.getTime() + meeting.duration * 60_000);
      const file = (type: string, extension: string) => ({
        id: randomBytes(8).toString("hex"),
        meeting_id: meeting.uuid,
        recording_start: start.toISOString().replace(/\.\d{3}Z$/, "Z"),
        recording_end: end.toISOString().replace(/\.\d{3}Z$/, "Z"),
        file_type: type,
        file_extension: extension,
        file_size: 1024,
        play_url: `${baseUrl}/rec/play/${meeting.id}`,
        download_url: `${baseUrl}/rec/download/${meeting.id}.${extension.toLowerCase()}`,
        status: "completed",
        recording_type: type === "TRANSCRIPT" ? "audio_transcript" : "shared_screen_with_speaker_view",
      });
      meeting.recording_files = [file("MP4", "MP4"), file("TRANSCRIPT", "VTT")];
      meeting.past = [{ uuid: meeting.uuid, start_time: meeting.start_time, end_time: end.toISOString(), duration: meeting.duration, participants_count: 2 }];
      return meeting;
    },
    notification: (event, meetingId, secret = webhookSecret) => {
      const meeting = meetings.get(meetingId);
      const body = JSON.stringify({
        event,
        event_ts: Date.now(),
        // Zoom documents a download_token on recording notifications: it opens their files' download_url for 24 hours.
        ...(event.startsWith("recording.") ? { download_token: FAKE_DOWNLOAD_TOKEN } : {}),
        payload: {
          account_id: "fake-account",
          object: { id: meetingId, uuid: meeting?.uuid ?? "", topic: meeting?.topic ?? "", recording_files: meeting?.recording_files ?? [] },
        },
      });
      const timestamp = String(Math.floor(Date.now() / 1000));
      const signature = `v0=${createHmac("sha256", secret).update(`v0:${timestamp}:${body}`).digest("hex")}`;
      return { body, headers: { "content-type": "application/json", "x-zm-request-timestamp": timestamp, "x-zm-signature": signature } };
    },
    expireAccessTokens: () => accessTokens.clear(),
    stop,
  };
}
