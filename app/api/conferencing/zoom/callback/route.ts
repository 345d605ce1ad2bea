/**
 * Where Zoom sends the browser after consent (the redirect URI to register with Zoom). Not a /v2 operation: no bearer,
 * a browser redirect; the single-use state ties it to the user (server/conferencing/zoom-oauth.service.ts).
 */
import { ZConferencingCallbackQuery } from "@/server/conferencing/conferencing.schemas";
import { completeZoomConnection } from "@/server/conferencing/zoom-oauth.service";
import { errorResponse, toErrorResponse } from "@/server/http/envelope";
import { queryObject } from "@/server/http/request-input";

export async function GET(request: Request) {
  const query = ZConferencingCallbackQuery.safeParse(queryObject(new URL(request.url)));
  if (!query.success) return errorResponse("BAD_REQUEST", "Invalid callback parameters");
  try {
    return Response.redirect((await completeZoomConnection(query.data)).redirectTo, 302);
  } catch (error) {
    return toErrorResponse(error, crypto.randomUUID());
  }
}
