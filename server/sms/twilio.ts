/**
 * SMS through Twilio's Messages resource (POST {TWILIO_API_URL}/2010-04-01/Accounts/{AccountSid}/Messages.json,
 * form-encoded To, From or MessagingServiceSid, Body; HTTP Basic with the account SID and Auth Token; 201 with the
 * message's `sid` and `status`, or an error body `{code, message, more_info, status}`), and the check of the
 * X-Twilio-Signature Twilio puts on the webhooks it calls (HMAC-SHA1 of the URL and the sorted form parameters,
 * keyed by the Auth Token, base64).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "../env";

/** Twilio's error for a number that answered STOP to our sender: it will not carry our messages until START. */
export const UNSUBSCRIBED_RECIPIENT = 21610;

export type SmsResult =
  | { kind: "sent"; sid: string }
  /** Twilio refused this number for good (unsubscribed, not a mobile number, invalid): retrying will not help. */
  | { kind: "refused"; code: number | null; message: string };

export class SmsProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SmsProviderError";
  }
}

export const isSmsConfigured = (): boolean => Boolean(env().TWILIO_ACCOUNT_SID && env().TWILIO_AUTH_TOKEN && env().TWILIO_FROM);

const SEND_TIMEOUT_MS = 15_000;

/** Sends one SMS. A network failure or a 5xx/429 throws (the job retries); a 4xx is a refusal with Twilio's code. */
export async function sendSms(to: string, body: string): Promise<SmsResult> {
  const { TWILIO_API_URL, TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM } = env();
  if (!TWILIO_ACCOUNT_SID || !TWILIO_AUTH_TOKEN || !TWILIO_FROM)
    throw new SmsProviderError("SMS is not configured (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM)");
  const form = new URLSearchParams({ To: to, Body: body });
  form.set(TWILIO_FROM.startsWith("MG") ? "MessagingServiceSid" : "From", TWILIO_FROM);
  const url = `${TWILIO_API_URL.replace(/\/$/, "")}/2010-04-01/Accounts/${encodeURIComponent(TWILIO_ACCOUNT_SID)}/Messages.json`;
  const response = await fetch(url, {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from(`${TWILIO_ACCOUNT_SID}:${TWILIO_AUTH_TOKEN}`).toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
      accept: "application/json",
    },
    body: form,
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  });
  const answer = (await response.json().catch(() => ({}))) as { sid?: string; code?: number; message?: string };
  if (response.ok && answer.sid) return { kind: "sent", sid: answer.sid };
  if (response.status >= 500 || response.status === 429 || response.status === 401)
    throw new SmsProviderError(`Twilio answered ${response.status}${answer.message ? `: ${answer.message}` : ""}`);
  return { kind: "refused", code: typeof answer.code === "number" ? answer.code : null, message: answer.message ?? `Twilio answered ${response.status}` };
}

/** The signature Twilio computes for a form-encoded webhook to `url`. */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data =
    url +
    Object.keys(params)
      .sort()
      .map((key) => key + params[key])
      .join("");
  return createHmac("sha1", authToken).update(data, "utf8").digest("base64");
}

export function isTwilioSignatureValid(authToken: string, signature: string | null, url: string, params: Record<string, string>): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
