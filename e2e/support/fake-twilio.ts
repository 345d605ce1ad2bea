/**
 * A stand-in for Twilio's Programmable Messaging on loopback, speaking the documented wire format Convene uses:
 * - POST /2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded To, From or MessagingServiceSid, Body, with HTTP
 *   Basic (AccountSid:AuthToken). 201 with the Message resource (`sid` SM…, `status` "queued", `to`, `from`, `body`,
 *   `date_created` in RFC 2822, `direction` "outbound-api", `uri`…); errors as Twilio's `{code, message, more_info,
 *   status}`: 401/20003 bad credentials, 400/21211 a `To` that is not E.164, 400/21602 no Body, 400/21603 no sender,
 *   400/21610 a recipient that replied STOP;
 * - the inbound-message webhook: `reply(from, body)` posts what Twilio posts for an incoming SMS (From, To, Body,
 *   MessageSid, AccountSid…) to the app's URL, signed with X-Twilio-Signature (HMAC-SHA1 of URL + sorted params).
 *   Like Twilio's own STOP filtering, an opt-out word also unsubscribes the number here, and START lifts it.
 * Tests read what was sent through `messages()` and make Twilio fail for a while with `failNext`; Playwright workers,
 * in other processes, through GET /__test/messages and POST /__test/reply {webhookUrl, from, body}.
 */
import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import { listenOnLoopback, readBody, send } from "./fake-oauth-provider";

export type FakeTwilioMessage = { sid: string; to: string; from: string; body: string; dateCreated: string };

export type FakeTwilio = {
  url: string;
  /** The variables that point the app at this stand-in. */
  serverEnv: Record<string, string>;
  messages: () => FakeTwilioMessage[];
  /** The next `count` sends answer `status` (a 5xx: Convene must retry). */
  failNext: (count: number, status?: number) => void;
  /** An incoming SMS from `from` to our number, as Twilio posts it to `webhookUrl`; returns the app's answer status. */
  reply: (webhookUrl: string, from: string, body: string) => Promise<number>;
  stop: () => Promise<void>;
};

const ACCOUNT_SID = `AC${randomBytes(16).toString("hex")}`;
const AUTH_TOKEN = randomBytes(16).toString("hex");
const FROM = "+15005550006";
const E164 = /^\+[1-9]\d{6,14}$/;
const STOP_WORDS = new Set(["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "REVOKE", "OPTOUT"]);
const START_WORDS = new Set(["START", "UNSTOP", "YES"]);

const twilioError = (status: number, code: number, message: string) => ({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });

export function signTwilioRequest(authToken: string, url: string, params: Record<string, string>): string {
  const data =
    url +
    Object.keys(params)
      .sort()
      .map((key) => key + params[key])
      .join("");
  return createHmac("sha1", authToken).update(data, "utf8").digest("base64");
}

export async function startFakeTwilio(): Promise<FakeTwilio> {
  const sent: FakeTwilioMessage[] = [];
  const unsubscribed = new Set<string>();
  let failures = { count: 0, status: 503 };

  const server = http.createServer(async (request, response) => {
    const body = await readBody(request);
    const path = new URL(request.url ?? "/", "http://twilio.invalid").pathname;
    if (path === "/__test/messages") return send(response, 200, sent);
    if (path === "/__test/reply") {
      const { webhookUrl, from, body: text } = JSON.parse(body) as { webhookUrl: string; from: string; body: string };
      return send(response, 200, { status: await reply(webhookUrl, from, text) });
    }
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(path);
    if (request.method !== "POST" || !match) return send(response, 404, twilioError(404, 20404, "The requested resource was not found"));
    const basic = `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString("base64")}`;
    if (request.headers.authorization !== basic || match[1] !== ACCOUNT_SID) return send(response, 401, twilioError(401, 20003, "Authenticate"));
    if (failures.count > 0) {
      failures.count--;
      return send(response, failures.status, twilioError(failures.status, 20500, "Internal Server Error"));
    }
    const form = new URLSearchParams(body);
    const to = form.get("To") ?? "";
    const from = form.get("From") ?? form.get("MessagingServiceSid") ?? "";
    const text = form.get("Body") ?? "";
    if (!E164.test(to)) return send(response, 400, twilioError(400, 21211, `The 'To' number ${to} is not a valid phone number.`));
    if (!from) return send(response, 400, twilioError(400, 21603, "A 'From' phone number is required."));
    if (!text) return send(response, 400, twilioError(400, 21602, "Message body is required."));
    if (unsubscribed.has(to)) return send(response, 400, twilioError(400, 21610, "Attempt to send to unsubscribed recipient"));
    const sid = `SM${randomBytes(16).toString("hex")}`;
    const dateCreated = new Date().toUTCString().replace("GMT", "+0000");
    sent.push({ sid, to, from, body: text, dateCreated });
    send(response, 201, {
      account_sid: ACCOUNT_SID,
      api_version: "2010-04-01",
      body: text,
      date_created: dateCreated,
      date_sent: null,
      date_updated: dateCreated,
      direction: "outbound-api",
      error_code: null,
      error_message: null,
      from: form.get("From") ?? null,
      messaging_service_sid: form.get("MessagingServiceSid") ?? null,
      num_media: "0",
      num_segments: String(Math.ceil(text.length / 160)),
      price: null,
      price_unit: "USD",
      sid,
      status: "queued",
      subresource_uris: { media: `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages/${sid}/Media.json` },
      to,
      uri: `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages/${sid}.json`,
    });
  });
  const { url, stop } = await listenOnLoopback(server);

  return {
    url,
    serverEnv: { TWILIO_API_URL: url, TWILIO_ACCOUNT_SID: ACCOUNT_SID, TWILIO_AUTH_TOKEN: AUTH_TOKEN, TWILIO_FROM: FROM },
    messages: () => [...sent],
    failNext: (count, status = 503) => {
      failures = { count, status };
    },
    reply,
    stop,
  };

  async function reply(webhookUrl: string, from: string, text: string): Promise<number> {
    const word = text.trim().toUpperCase();
    if (STOP_WORDS.has(word)) unsubscribed.add(from);
    if (START_WORDS.has(word)) unsubscribed.delete(from);
    const params = {
      AccountSid: ACCOUNT_SID,
      ApiVersion: "2010-04-01",
      Body: text,
      From: from,
      MessageSid: `SM${randomBytes(16).toString("hex")}`,
      NumMedia: "0",
      NumSegments: "1",
      SmsMessageSid: `SM${randomBytes(16).toString("hex")}`,
      SmsStatus: "received",
      To: FROM,
    };
    const response = await fetch(webhookUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": signTwilioRequest(AUTH_TOKEN, webhookUrl, params) },
      body: new URLSearchParams(params),
    });
    return response.status;
  }
}
