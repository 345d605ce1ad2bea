/**
 * Twilio's inbound-message webhook (set {APP_URL}/api/sms/twilio as the sender's "A message comes in" URL): replies
 * of opt-out and opt-in words change whether the number gets our SMS. Twilio authenticates with X-Twilio-Signature;
 * the answer is empty TwiML (Twilio itself replies to STOP and START on long codes).
 */
import { toErrorResponse } from "@/server/http/envelope";
import { receiveInboundSms } from "@/server/sms/sms-opt-out";

const MAX_BODY_BYTES = 64 * 1024;
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

export async function POST(request: Request) {
  const rawBody = await request.text();
  if (Buffer.byteLength(rawBody) > MAX_BODY_BYTES) return Response.json({ error: "Body too large" }, { status: 413 });
  try {
    await receiveInboundSms(request.headers.get("x-twilio-signature"), Object.fromEntries(new URLSearchParams(rawBody)));
    return new Response(EMPTY_TWIML, { status: 200, headers: { "content-type": "text/xml" } });
  } catch (error) {
    return toErrorResponse(error, crypto.randomUUID());
  }
}
