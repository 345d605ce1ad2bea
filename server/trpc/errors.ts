/**
 * The one mapper from what a procedure throws to the tRPC error the browser sees: AppError keeps its
 * code and message, ZodError becomes BAD_REQUEST with field issues, anything else is a bare 500.
 */
import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { TRPC_ERROR_CODES_BY_KEY, type TRPC_ERROR_CODE_KEY, type TRPCErrorShape } from "@trpc/server/rpc";
import { z } from "zod";
import { AppError, type ErrorCode } from "../errors";
import { zodIssues } from "../http/envelope";
import { log } from "../log";
import { databaseFailureAsAppError } from "../db/unavailable";
import { isClientAbort } from "../http/client-abort";

const TRPC_CODE = {
  BAD_REQUEST: "BAD_REQUEST",
  UNAUTHORIZED: "UNAUTHORIZED",
  FORBIDDEN: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  METHOD_NOT_ALLOWED: "METHOD_NOT_SUPPORTED",
  CONFLICT: "CONFLICT",
  PAYLOAD_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  UNSUPPORTED_MEDIA_TYPE: "UNSUPPORTED_MEDIA_TYPE",
  UNPROCESSABLE_ENTITY: "UNPROCESSABLE_CONTENT",
  TOO_MANY_REQUESTS: "TOO_MANY_REQUESTS",
  INTERNAL_SERVER_ERROR: "INTERNAL_SERVER_ERROR",
  BAD_GATEWAY: "BAD_GATEWAY",
  SERVICE_UNAVAILABLE: "SERVICE_UNAVAILABLE",
  OUTCOME_UNKNOWN: "SERVICE_UNAVAILABLE",
} as const satisfies Record<ErrorCode, TRPC_ERROR_CODE_KEY>;

export type TFieldIssue = { path: string; message: string };

type Mapped = { code: TRPC_ERROR_CODE_KEY; message: string; issues: TFieldIssue[] | null; details: unknown };

/** tRPC wraps whatever a procedure throws in a TRPCError; the thrown value is its cause. */
function mapError(error: TRPCError): Mapped {
  if (isClientAbort(error.cause)) {
    log.info("tRPC request aborted by its client before it arrived in full");
    return { code: "BAD_REQUEST", message: "The request did not arrive in full. Please try again.", issues: null, details: null };
  }
  const outage = databaseFailureAsAppError(error.cause);
  if (outage) log.warn(`database failure; answered ${outage.code}`, { error: error.cause });
  const cause = outage ?? error.cause;
  if (cause instanceof AppError) return { code: TRPC_CODE[cause.code], message: cause.message, issues: null, details: cause.details ?? null };
  if (cause instanceof z.ZodError) return { code: "BAD_REQUEST", message: "Please correct the highlighted fields", issues: zodIssues(cause), details: null };
  if (error.code !== "INTERNAL_SERVER_ERROR") return { code: error.code, message: error.message, issues: null, details: null };
  // Unexpected: logged here, answered without internals (Prisma messages name tables and columns).
  log.error("unexpected tRPC error", { error: cause ?? error });
  return { code: "INTERNAL_SERVER_ERROR", message: "Something went wrong. Please try again.", issues: null, details: null };
}

export function formatError({ shape, error }: { shape: TRPCErrorShape<{ path?: string }>; error: TRPCError }) {
  const mapped = mapError(error);
  return {
    code: TRPC_ERROR_CODES_BY_KEY[mapped.code],
    message: mapped.message,
    data: {
      code: mapped.code,
      httpStatus: getHTTPStatusCodeFromError(new TRPCError({ code: mapped.code })),
      path: shape.data.path,
      issues: mapped.issues,
      details: mapped.details,
    },
  };
}
