/**
 * Where Google and Microsoft send the browser after calendar consent (the redirect URI to register with
 * them). Not a /v2 operation: no bearer, a browser redirect. The single-use state ties it to the user.
 */
import { completeOAuthConnection } from "@/server/calendars/calendar-oauth.service";
import { ZOAuthCallbackQuery } from "@/server/calendars/calendars.schemas";
import { errorResponse, successResponse, toErrorResponse } from "@/server/http/envelope";
import { queryObject } from "@/server/http/request-input";

export async function GET(request: Request, context: { params: Promise<{ calendar: string }> }) {
  const { calendar } = await context.params;
  if (calendar !== "google" && calendar !== "office365") return errorResponse("NOT_FOUND", "No such calendar provider");
  const query = ZOAuthCallbackQuery.safeParse(queryObject(new URL(request.url)));
  if (!query.success) return errorResponse("BAD_REQUEST", "Invalid callback parameters");
  try {
    const result = await completeOAuthConnection(calendar, query.data);
    if (result.redirectTo) return Response.redirect(result.redirectTo, 302);
    return successResponse(result.credential);
  } catch (error) {
    return toErrorResponse(error, crypto.randomUUID());
  }
}
