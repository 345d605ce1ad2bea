/** Any /v2 path no route file claims (/v2 itself included): a 404 in the v2 envelope rather than the site's HTML page. */
import { randomUUID } from "node:crypto";
import { errorResponse } from "@/server/http/envelope";

function notFound(request: Request) {
  const response = errorResponse("NOT_FOUND", `No v2 endpoint ${request.method} ${new URL(request.url).pathname}`);
  response.headers.set("x-request-id", randomUUID());
  return response;
}

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
