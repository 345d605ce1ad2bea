import { TRPCClientError } from "@trpc/client";
import type { AppRouter } from "@/server/trpc/root";

export type FieldErrors = Record<string, string>;

/** The first message per field, keyed by the zod path (`"email"`, `"expiresAt"`). */
export function fieldErrorsOf(issues: readonly { path: string | readonly PropertyKey[]; message: string }[] | null | undefined): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues ?? []) {
    const path = typeof issue.path === "string" ? issue.path : issue.path.map(String).join(".");
    errors[path] ??= issue.message;
  }
  return errors;
}

type TIssue = { path: string; message: string };

/** A service's AppError details, when they name fields (`[{ path: "body.username", message }]`); anything else names none. */
function detailIssues(details: unknown): TIssue[] {
  if (!Array.isArray(details)) return [];
  return details
    .filter((entry): entry is TIssue => typeof entry?.path === "string" && typeof entry?.message === "string")
    .map(({ path, message }) => ({ path: path.replace(/^(body|query|params)\./, ""), message }));
}

/** What a form shows for a failed call: a summary and, for validation errors, messages per field. */
export function describeError(error: unknown): { message: string; fields: FieldErrors } {
  if (error instanceof TRPCClientError) {
    const { data, message } = error as TRPCClientError<AppRouter>;
    return { message, fields: { ...fieldErrorsOf(detailIssues(data?.details)), ...fieldErrorsOf(data?.issues) } };
  }
  return { message: "Could not reach Convene. Check your connection and try again.", fields: {} };
}
