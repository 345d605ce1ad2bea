/** Form primitives that follow the flow's theme (the shared ui/ ones are light-only). Same markup and roles. */
import type { ButtonHTMLAttributes, InputHTMLAttributes, ReactNode } from "react";
import { themeClasses, type Theme } from "./theme";

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { theme: Theme; variant?: "primary" | "secondary" };

export function ThemedButton({ theme, variant = "primary", className = "", type = "button", ...props }: ButtonProps) {
  const classes = themeClasses(theme);
  return (
    <button
      type={type}
      className={`inline-flex items-center justify-center rounded-md px-4 py-2 text-sm font-medium disabled:cursor-not-allowed ${classes[variant]} ${className}`}
      {...props}
    />
  );
}

export type FieldProps = InputHTMLAttributes<HTMLInputElement> & { theme: Theme; name: string; label: string; error?: string; hint?: string };

/** A labelled input whose error and hint are announced with it (aria-describedby). */
export function ThemedTextField({ theme, name, label, error, hint, id = `field-${name}`, className = "", ...input }: FieldProps) {
  const classes = themeClasses(theme);
  const describedBy = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className={`block text-sm font-medium ${classes.label}`}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`mt-1 block w-full rounded-md border px-3 py-2 text-sm shadow-sm focus:outline-2 aria-[invalid=true]:border-red-600 ${classes.input}`}
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className={`mt-1 text-xs ${classes.muted}`}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={`mt-1 text-sm ${classes.fieldError}`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** Errors use role="alert" so screen readers announce them as soon as they appear. */
export function ThemedAlert({ theme, tone = "error", children }: { theme: Theme; tone?: "error" | "info"; children: ReactNode }) {
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`rounded-md border px-4 py-3 text-sm ${themeClasses(theme)[tone]}`}>
      {children}
    </div>
  );
}
