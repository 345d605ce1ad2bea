/**
 * A failed procedure's answer, put where the person looks: messages with a field path onto those fields (zod
 * issues, and a service's AppError details such as `[{ path: "body.username", message: "This username is taken" }]`),
 * the summary into the form's root error.
 */
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { describeError } from "../trpc/errors";

export function applyServerErrors<T extends FieldValues, TOutput>(form: UseFormReturn<T, unknown, TOutput>, error: unknown): string {
  const { message, fields } = describeError(error);
  let focused = false;
  for (const [path, fieldMessage] of Object.entries(fields)) {
    form.setError(path as Path<T>, { type: "server", message: fieldMessage }, { shouldFocus: !focused });
    focused = true;
  }
  form.setError("root.server", { type: "server", message });
  return message;
}
