/**
 * The Idempotency-Key of a booking create. A key names one request: it is stored with the booking
 * together with a fingerprint of that request, so a retry gets the booking it made, and the same key on
 * a different request (another start, attendee, event type or acting user) is refused instead of being
 * told "created" with someone else's booking.
 */
import { createHash } from "node:crypto";
import type { Actor } from "../auth/actor";
import { AppError } from "../errors";
import type { TCreateBookingInput } from "./booking.schemas";

export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;
export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";
const OPERATION = "POST /v2/bookings";

/** The key, or null when absent or empty; a longer key is a 400 before anything is read or written. */
export function idempotencyKeyOf(request: Request): string | null {
  const key = request.headers.get(IDEMPOTENCY_KEY_HEADER);
  if (!key) return null;
  if (key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    const message = `Idempotency-Key must be at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`;
    throw new AppError("BAD_REQUEST", message, [{ path: "headers.idempotency-key", message }]);
  }
  return key;
}

/** Objects with their keys sorted, so the same body sent with its fields in another order is the same request. */
function canonicalJson(value: unknown): string {
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * SHA-256 of operation, acting user (or none) and the validated body. The body is taken after zod, so defaults and
 * normalisation (a language left out means "en") do not make two equal requests differ.
 */
export function requestFingerprint(input: TCreateBookingInput, actor: Actor | null): string {
  const caller = actor ? `user:${actor.userId}` : "anonymous";
  return createHash("sha256")
    .update(`${OPERATION}\n${caller}\n${canonicalJson(input)}`)
    .digest("hex");
}

export const idempotencyKeyReusedError = () => {
  const message = "This Idempotency-Key was already used for a different request (another body or caller). Send a new Idempotency-Key for a new booking.";
  return new AppError("UNPROCESSABLE_ENTITY", message, [{ path: "headers.idempotency-key", message }]);
};
