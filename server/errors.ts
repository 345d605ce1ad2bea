/**
 * The one error type of the domain. Services throw it; each transport (v2 envelope, tRPC, OAuth
 * bodies) maps it once. Anything else that escapes is an unexpected error: 500, no internals.
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE_ENTITY: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
  /** An upstream service Convene called for the request (a phone-call provider) failed. */
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
  /**
   * The database stopped answering after a write's commit was sent: it may or may not have happened. Not "try again":
   * the details say what to look up (server/db/outcome-unknown.ts).
   */
  OUTCOME_UNKNOWN: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    /** Response headers that belong to the answer, e.g. Retry-After on a 429 or 503. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "AppError";
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;
