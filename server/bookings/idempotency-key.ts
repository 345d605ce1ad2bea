/** The Idempotency-Key header of a booking create: stored with the booking, so it is bounded like a column. */
import { AppError } from "../errors";

export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/** The key, or null when absent or empty; a longer key is a 400 before anything is read or written. */
export function idempotencyKeyOf(request: Request): string | null {
  const key = request.headers.get("idempotency-key");
  if (!key) return null;
  if (key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    const message = `Idempotency-Key must be at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`;
    throw new AppError("BAD_REQUEST", message, [{ path: "headers.idempotency-key", message }]);
  }
  return key;
}
