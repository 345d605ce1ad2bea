import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { databaseFailureAsAppError, RETRY_AFTER } from "@/server/db/unavailable";
import { env } from "@/server/env";
import { createTRPCContext } from "@/server/trpc/init";
import { appRouter } from "@/server/trpc/root";
import { isSameOriginRequest } from "@/server/trpc/same-origin";

/** Same shape as tRPC's own errors, so the client reads it like any FORBIDDEN. */
const crossSiteRefusal = () =>
  Response.json({ error: { message: "Cross-site requests are not served", code: -32003, data: { code: "FORBIDDEN", httpStatus: 403 } } }, { status: 403 });

function handler(req: Request) {
  if (!isSameOriginRequest(req.headers, [new URL(env().APP_URL).origin, new URL(req.url).origin])) return crossSiteRefusal();
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    createContext: createTRPCContext,
    // formatError answers a database outage 503; the retry hint belongs with it.
    // (not after OUTCOME_UNKNOWN: a change that may have been saved is looked up, not retried).
    responseMeta: ({ errors }) => (errors.some((error) => databaseFailureAsAppError(error.cause)?.headers) ? { headers: new Headers(RETRY_AFTER) } : {}),
  });
}

export { handler as GET, handler as POST };
