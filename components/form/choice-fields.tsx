"use client";
/**
 * Native choices for the form kit, read from the enclosing <Form> by `name`: a group of checkboxes whose checked
 * values make an array, a single checkbox for a boolean, a radio group, and a native select. Each wires its legend
 * or label, hint and error (worded by field-error.ts) once, here.
 */
import type { ReactNode } from "react";
import { useFormContext } from "react-hook-form";
import { CONTROL_CLASSES, FieldFrame } from "../ui/field-frame";
import { useFieldError } from "./field-error";
import { useFieldId } from "./form-id";

const BOX = "mt-0.5 h-4 w-4 shrink-0 accent-indigo-600 focus:outline-2 focus:outline-indigo-600";
const ERROR = "mt-1 text-sm text-red-700";
const HINT = "mt-1 text-xs text-slate-500";

type TChoice = { value: string; label: ReactNode; id?: string };

function describedBy(id: string, error: string | undefined, hint: string | undefined) {
  return [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(" ") || undefined;
}

/** Checkboxes or radios in a fieldset named by its legend: arrow keys move within radios, Space toggles a box. */
function ChoiceSet({
  name,
  legend,
  type,
  options,
  hint,
  isRequired,
  className = "",
  columns = false,
}: {
  name: string;
  legend: string;
  type: "checkbox" | "radio";
  options: readonly TChoice[];
  hint?: string;
  isRequired?: boolean;
  className?: string;
  columns?: boolean;
}) {
  const { register } = useFormContext();
  const error = useFieldError(name, legend);
  const id = useFieldId(name);
  return (
    <fieldset
      id={id}
      role={type === "radio" ? "radiogroup" : "group"}
      aria-labelledby={`${id}-legend`}
      aria-describedby={describedBy(id, error, hint)}
      aria-invalid={error ? true : undefined}
      aria-required={type === "radio" && isRequired ? true : undefined}
      className={className}
    >
      <legend id={`${id}-legend`} className="block text-sm font-medium text-slate-800">
        {legend}
      </legend>
      <div className={`mt-1 gap-1 ${columns ? "grid sm:grid-cols-2" : "space-y-1"}`}>
        {options.map((option, index) => (
          <label key={option.value} className="flex min-h-6 items-start gap-2 rounded-md px-1 py-1 text-sm text-slate-800 hover:bg-slate-50">
            <input type={type} value={option.value} id={option.id ?? `${id}-${index}`} className={BOX} {...register(name)} />
            <span className="min-w-0 break-words">{option.label}</span>
          </label>
        ))}
      </div>
      {hint && (
        <p id={`${id}-hint`} className={HINT}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={ERROR}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

export function CheckboxGroupField(props: { name: string; legend: string; options: readonly TChoice[]; hint?: string; className?: string }) {
  return <ChoiceSet {...props} type="checkbox" columns />;
}

export function RadioGroupField(props: { name: string; legend: string; options: readonly TChoice[]; hint?: string; isRequired?: boolean; className?: string }) {
  return <ChoiceSet {...props} type="radio" />;
}

/** One checkbox for a boolean; `label` says what checking it means. */
export function CheckboxField({ name, label, className = "" }: { name: string; label: ReactNode; className?: string }) {
  const { register } = useFormContext();
  const error = useFieldError(name, typeof label === "string" ? label : "This box");
  const id = useFieldId(name);
  return (
    <div className={className}>
      <label className="flex min-h-6 items-start gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={BOX}
          {...register(name)}
        />
        <span>{label}</span>
      </label>
      {error && (
        <p id={`${id}-error`} className={ERROR}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A short list as the browser's own select (a phone shows its native picker); "" is the unanswered choice. */
export function NativeSelectField({
  name,
  label,
  options,
  placeholder = "Choose…",
  hint,
  className,
}: {
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
  hint?: string;
  className?: string;
}) {
  const { register } = useFormContext();
  const error = useFieldError(name, label);
  const id = useFieldId(name);
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} className={className}>
      {(aria) => (
        <select id={id} className={CONTROL_CLASSES} {...aria} {...register(name)}>
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
