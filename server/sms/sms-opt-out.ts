/**
 * Who may not get our SMS: numbers that answered an opt-out word to our sender (Twilio's inbound-message webhook,
 * POST /api/sms/twilio) or that Twilio refused as unsubscribed (error 21610). An opt-in word lifts it.
 */
import { db, type Tx } from "../db/client";
import { AppError } from "../errors";
import { env } from "../env";
import { keywordOf, toE164 } from "./phone-numbers";
import { isTwilioSignatureValid } from "./twilio";

export async function recordOptOut(phoneNumber: string, tx: Tx = db): Promise<void> {
  await tx.smsOptOut.upsert({ where: { phoneNumber }, create: { phoneNumber }, update: {} });
}

export async function optedOutAmong(phoneNumbers: string[], tx: Tx = db): Promise<Set<string>> {
  if (phoneNumbers.length === 0) return new Set();
  const rows = await tx.smsOptOut.findMany({ where: { phoneNumber: { in: phoneNumbers } }, select: { phoneNumber: true } });
  return new Set(rows.map(({ phoneNumber }) => phoneNumber));
}

/**
 * Twilio's inbound-message webhook: checked against X-Twilio-Signature (the URL Twilio was given is APP_URL's
 * /api/sms/twilio), then an opt-out or opt-in word from `From` is recorded. Any other reply is ignored.
 */
export async function receiveInboundSms(signature: string | null, params: Record<string, string>): Promise<"opted-out" | "opted-in" | "ignored"> {
  const token = env().TWILIO_AUTH_TOKEN;
  if (!token) throw new AppError("NOT_FOUND", "SMS is not configured");
  const url = `${env().APP_URL.replace(/\/$/, "")}/api/sms/twilio`;
  if (!isTwilioSignatureValid(token, signature, url, params)) throw new AppError("FORBIDDEN", "The X-Twilio-Signature does not match this request");
  const from = toE164(params.From ?? "");
  const keyword = keywordOf(params.Body ?? "");
  if (!from || !keyword) return "ignored";
  if (keyword === "opt-out") {
    await recordOptOut(from);
    return "opted-out";
  }
  await db.smsOptOut.deleteMany({ where: { phoneNumber: from } });
  return "opted-in";
}
