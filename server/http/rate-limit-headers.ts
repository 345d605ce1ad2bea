/**
 * The IETF `RateLimit-Policy` and `RateLimit` response fields (draft-ietf-httpapi-ratelimit-headers, structured-field
 * lists) for the limits a request was counted against, e.g. on POST /v2/bookings:
 *   RateLimit-Policy: "bookings-caller-event-type";q=100;w=300, "bookings-caller";q=300;w=300, "bookings-attendee";q=10;w=300
 *   RateLimit: "bookings-caller-event-type";r=97;t=212, "bookings-caller";r=297;t=212, "bookings-attendee";r=9;t=300
 * `q` is the quota and `w` the window in seconds; `r` what remains of it and `t` the seconds until the window ends.
 * A 429 carries them too, besides its `Retry-After`.
 */
import { log } from "../log";
import { counterStates, type CounterState } from "../security/failure-limits";
import { RATE_LIMITS } from "../security/rate-limit-table";
import { collectAppliedLimits, windowSeconds, type CountedLimit } from "../security/rate-limits";

/** Structured-field string (RFC 8941 §3.3.3): quoted, with `"` and `\` escaped. */
const sfString = (value: string) => `"${value.replace(/[\\"]/g, (character) => `\\${character}`)}"`;

/** The two field values for `limits`, whose counters stand at `states`. */
export function rateLimitFields(limits: readonly CountedLimit[], states: readonly CounterState[], window = windowSeconds()) {
  const name = (limit: CountedLimit) => sfString(RATE_LIMITS[limit.name].policy);
  return {
    policy: limits.map((limit) => `${name(limit)};q=${limit.max};w=${window}`).join(", "),
    state: limits
      .map((limit, index) => {
        const { count, resetSeconds } = states[index]!;
        // A counter not started yet holds the whole quota, for a window that would start now.
        return `${name(limit)};r=${Math.max(0, limit.max - count)};t=${count > 0 ? resetSeconds : window}`;
      })
      .join(", "),
  };
}

/** Serves the request, then describes the limits it met on its answer, read from the counters as they stand once it is done. */
export async function withRateLimitHeaders(serve: () => Promise<Response>): Promise<Response> {
  const { result: response, limits } = await collectAppliedLimits(serve);
  if (limits.length === 0) return response;
  try {
    const { policy, state } = rateLimitFields(limits, await counterStates(limits));
    response.headers.set("RateLimit-Policy", policy);
    response.headers.set("RateLimit", state);
  } catch (error) {
    // The answer is made; the counters' store (Redis) failing now costs only the headers.
    log.warn("rate limit headers left out: counters unreadable", { error });
  }
  return response;
}
