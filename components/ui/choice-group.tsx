import type { ReactNode } from "react";

type Option = { value: string; label: ReactNode };
type Props = {
  name: string;
  legend: string;
  /** radio: one answer (a radiogroup); checkbox: any number of them (a group). */
  type: "radio" | "checkbox";
  options: Option[];
  error?: string;
  hint?: string;
  required?: boolean;
  /** Controlled radio groups (the page reacts to the choice); otherwise the inputs keep their own state. */
  value?: string | null;
  onChange?: (value: string) => void;
  id?: string;
};

/**
 * Native radio buttons or checkboxes in a fieldset: the browser gives them their roles, arrow-key movement
 * within a radio group and Space to toggle; the legend names the group, and the hint and error are announced with it.
 */
export function ChoiceGroup({ name, legend, type, options, error, hint, required, value, onChange, id = `field-${name}` }: Props) {
  const describedBy = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(" ") || undefined;
  return (
    <fieldset
      id={id}
      role={type === "radio" ? "radiogroup" : "group"}
      aria-labelledby={`${id}-legend`}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
      aria-required={type === "radio" && required ? true : undefined}
    >
      <legend id={`${id}-legend`} className="block text-sm font-medium text-slate-800">
        {legend}
      </legend>
      <div className="mt-1 space-y-1">
        {options.map((option, index) => (
          <label key={option.value} className="flex items-start gap-2 rounded-md px-1 py-1 text-sm text-slate-800 hover:bg-slate-50">
            <input
              type={type}
              name={name}
              value={option.value}
              id={`${id}-${index}`}
              className="mt-0.5 h-4 w-4 shrink-0 accent-indigo-600 focus:outline-2 focus:outline-indigo-600"
              {...(value !== undefined ? { checked: value === option.value, onChange: () => onChange?.(option.value) } : {})}
            />
            <span className="min-w-0 break-words">{option.label}</span>
          </label>
        ))}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
