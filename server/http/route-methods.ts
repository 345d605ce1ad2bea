/**
 * The exports of an app/v2 route file: its routes' handlers, and for every other method a 405 in the
 * v2 envelope naming the methods that exist (Next.js would answer those with an empty 405 body).
 */
import type { ApiRoute } from "./api-route";
import { errorResponse } from "./envelope";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];
type Handler = ApiRoute["handle"];

/** The 405 stand-ins, so a walk over route files can tell served methods from refused ones. */
const refusals = new WeakSet<Handler>();
export const refusesMethod = (handler: unknown) => typeof handler === "function" && refusals.has(handler as Handler);

export function routeHandlers(...routes: ApiRoute[]): Record<Method, Handler> {
  const allowed = routes.map((route) => route.method).join(", ");
  const notAllowed: Handler = async (request) =>
    errorResponse("METHOD_NOT_ALLOWED", `${request.method} is not supported on ${new URL(request.url).pathname}; use ${allowed}`, {
      headers: { Allow: allowed },
    });
  refusals.add(notAllowed);
  const handlerFor = (method: Method) => routes.find((route) => route.method === method)?.handle ?? notAllowed;
  return Object.fromEntries(METHODS.map((method) => [method, handlerFor(method)])) as Record<Method, Handler>;
}
