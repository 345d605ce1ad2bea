/**
 * The v2 response envelope: `{status: "success", data, pagination?}` or
 * `{status: "error", error: {code, message, details?}}`, and the one mapper from thrown errors to it.
 */
import { z } from "zod";
import { AppError, ERROR_STATUS, type ErrorCode } from "../errors";
import { log } from "../log";
import { databaseFailureAsAppError } from "../db/unavailable";
import { isClientAbort } from "./client-abort";
import type { TPagination } from "./pagination";

export function successResponse(data: unknown, init: { status?: number; pagination?: TPagination; headers?: HeadersInit } = {}) {
  const body = init.pagination ? { status: "success", data, pagination: init.pagination } : { status: "success", data };
  return Response.json(body, { status: init.status ?? 200, headers: init.headers });
}

export function errorResponse(code: ErrorCode, message: string, options: { details?: unknown; headers?: HeadersInit; status?: number } = {}) {
  const error = options.details === undefined ? { code, message } : { code, message, details: options.details };
  return Response.json({ status: "error", error }, { status: options.status ?? ERROR_STATUS[code], headers: options.headers });
}

/** `["attendee", "email"]` → `"attendee.email"`; the form clients already get from zod-based APIs. */
export function zodIssues(error: z.ZodError, prefix?: string) {
  return error.issues.map((issue) => ({
    path: [prefix, ...issue.path.map(String)].filter(Boolean).join("."),
    message: issue.message,
  }));
}

type PrismaLikeError = { code?: unknown; name?: unknown };
const isPrismaKnownError = (error: unknown): error is PrismaLikeError =>
  typeof error === "object" && error !== null && (error as PrismaLikeError).name === "PrismaClientKnownRequestError";

/** Every error a /v2 handler can throw ends here. Unexpected ones are logged and answered without internals. */
export function toErrorResponse(error: unknown, requestId: string): Response {
  if (isClientAbort(error)) {
    log.info("request aborted by its client before it arrived in full", { requestId });
    return errorResponse("BAD_REQUEST", "The request did not arrive in full: the connection closed while its body was being sent");
  }
  const outage = databaseFailureAsAppError(error);
  if (outage) {
    log.warn(`database failure; answered ${outage.code}`, { requestId, error });
    return toErrorResponse(outage, requestId);
  }
  if (error instanceof AppError) return errorResponse(error.code, error.message, { details: error.details, headers: error.headers });
  if (error instanceof z.ZodError) {
    return errorResponse("BAD_REQUEST", "Invalid request", { details: zodIssues(error) });
  }
  if (isPrismaKnownError(error) && error.code === "P2002") return errorResponse("CONFLICT", "A resource with these values already exists");
  if (isPrismaKnownError(error) && error.code === "P2025") return errorResponse("NOT_FOUND", "Resource not found");
  log.error("unexpected error", { requestId, error });
  return errorResponse("INTERNAL_SERVER_ERROR", `Something went wrong. Quote request id ${requestId} when reporting it.`, {
    details: { requestId },
  });
}
