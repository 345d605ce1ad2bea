/**
 * Zoom's event notification endpoint (register {APP_URL}/api/conferencing/zoom/events in the Zoom app's event
 * subscription). Not a /v2 operation: Zoom authenticates with its signature, not a bearer.
 */
import { handleZoomNotification } from "@/server/conferencing/zoom-notifications";

const MAX_BODY_BYTES = 256 * 1024;

export async function POST(request: Request) {
  const rawBody = await request.text();
  if (Buffer.byteLength(rawBody) > MAX_BODY_BYTES) return Response.json({ error: "Body too large" }, { status: 413 });
  const answer = await handleZoomNotification(
    { timestamp: request.headers.get("x-zm-request-timestamp"), signature: request.headers.get("x-zm-signature") },
    rawBody,
  );
  return Response.json(answer.body, { status: answer.status });
}
