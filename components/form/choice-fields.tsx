"use client";
/**
 * Native checkboxes for the form kit, read from the enclosing <Form> by `name`: a group whose checked values make an
 * array in the form's values (react-hook-form's checkbox arrays), and a single checkbox for a boolean.
 */
import type { ReactNode } from "react";
import { useFormContext } from "react-hook-form";
import { useFieldError } from "./field-error";

export function CheckboxGroupField({
  name,
  legend,
  options,
  className = "",
}: {
  name: string;
  legend: string;
  options: readonly { value: string; label: ReactNode; id?: string }[];
  className?: string;
}) {
  const { register } = useFormContext();
  const error = useFieldError(name, legend);
  const errorId = `field-${name.replaceAll(".", "-")}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined} className={className}>
      <legend className="text-sm font-medium">{legend}</legend>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="mt-2 grid gap-1 sm:grid-cols-2">
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-2 text-sm">
            <input type="checkbox" value={option.value} id={option.id} {...register(name)} />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function CheckboxField({ name, label, className = "" }: { name: string; label: ReactNode; className?: string }) {
  const { register } = useFormContext();
  return (
    <label className={`flex items-center gap-2 text-sm ${className}`}>
      <input type="checkbox" {...register(name)} /> {label}
    </label>
  );
}
