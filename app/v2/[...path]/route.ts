/** Any /v2 path no route file claims: a 404 in the v2 envelope rather than the site's HTML page. */
import { errorResponse } from "@/server/http/envelope";

function notFound(request: Request) {
  return errorResponse("NOT_FOUND", `No v2 endpoint ${request.method} ${new URL(request.url).pathname}`);
}

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
