import type { ReactNode } from "react";

export const CONTROL_CLASSES =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-indigo-600 focus:outline-2 focus:outline-indigo-600 aria-[invalid=true]:border-red-600";

type FrameProps = {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  className?: string;
  /** Shown under the control, before the hint (a length counter). */
  below?: ReactNode;
  children: (aria: AriaProps) => ReactNode;
};
type AriaProps = { "aria-invalid": true | undefined; "aria-describedby": string | undefined };

/** Label, hint and error around one form control, which announces the hint and error (aria-describedby). */
export function FieldFrame({ id, label, error, hint, className = "", below, children }: FrameProps) {
  const describedBy = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children({ "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {below}
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
    </div>
  );
}
