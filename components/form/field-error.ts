"use client";
/**
 * The error a field shows: only once the person has touched it or submitted the form while it was there (a row
 * added after a failed submit is not judged before it is filled in), worded about the field as labelled.
 */
import { createContext, useContext } from "react";
import { get, useFormContext } from "react-hook-form";
import { fieldMessage } from "./field-message";

/** The value paths the form held at its last submit (filled in by <Form>). */
export const SubmittedPathsContext = createContext<{ current: ReadonlySet<string> }>({ current: new Set() });

/** Every path of a form's values ("overrides.0.date", "title"), and each array and object on the way. */
export function valuePaths(value: unknown, prefix = "", paths = new Set<string>()): Set<string> {
  if (prefix) paths.add(prefix);
  if (value && typeof value === "object" && !(value instanceof Date))
    for (const [key, child] of Object.entries(value)) valuePaths(child, prefix ? `${prefix}.${key}` : key, paths);
  return paths;
}

export function useFieldError(name: string, label: string): string | undefined {
  const { formState, getFieldState } = useFormContext();
  const submitted = useContext(SubmittedPathsContext);
  const error = get(formState.errors, name) as { message?: string; type?: string } | undefined;
  if (!error) return undefined;
  const { isTouched } = getFieldState(name, formState);
  // A row of a list (a path with an index) that was not there at the last submit waits to be touched.
  const isNewRow = /\.\d+(\.|$)/.test(name) && !submitted.current.has(name);
  const isJudged = isTouched || error.type === "server" || (formState.submitCount > 0 && !isNewRow);
  return isJudged ? fieldMessage(error.message, label) : undefined;
}
