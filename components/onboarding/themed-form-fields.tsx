"use client";
/** The form kit's field and submit button in the onboarding flow's theme (its steps run in the embed's frame too). */
import type { ReactNode } from "react";
import { get, useFormContext } from "react-hook-form";
import { useFieldId } from "../form/form-id";
import { useHydrated } from "../ui/use-hydrated";
import type { Theme } from "./theme";
import { ThemedAlert, ThemedButton, ThemedTextField, type FieldProps } from "./themed-ui";

const emptyAsAbsent = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/**
 * The form kit's TextField in the flow's theme: registered with the enclosing <Form> by `name`, its error the form's
 * (the schema's in the browser, the server's through applyServerErrors). `isOptional`: left empty, it is absent.
 */
export function ThemedFormField({ name, isOptional, ...props }: Omit<FieldProps, "error" | "name"> & { name: string; isOptional?: boolean }) {
  const { register, formState } = useFormContext();
  const error = (get(formState.errors, name) as { message?: string } | undefined)?.message;
  const id = useFieldId(name);
  return <ThemedTextField id={id} error={error} {...props} {...register(name, isOptional ? { setValueAs: emptyAsAbsent } : {})} />;
}

/** The kit's SubmitButton in the flow's theme: disabled until hydrated (a native submit would put the password in the URL) and while busy. */
export function ThemedSubmitButton({ theme, pending, pendingLabel, children }: { theme: Theme; pending: boolean; pendingLabel: string; children: ReactNode }) {
  const isHydrated = useHydrated();
  return (
    <ThemedButton theme={theme} type="submit" className="w-full" disabled={pending || !isHydrated}>
      {pending ? pendingLabel : children}
    </ThemedButton>
  );
}

/** The kit's Form summary (renderRootError) in the flow's theme. */
export const themedRootError = (theme: Theme) =>
  function ThemedRootError(message: string) {
    return <ThemedAlert theme={theme}>{message}</ThemedAlert>;
  };
