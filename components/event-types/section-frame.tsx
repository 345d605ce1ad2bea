import type { ReactNode } from "react";

/** A titled group of fields inside an editor section. */
export function Fieldset({ legend, hint, children }: { legend: string; hint?: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <legend className="px-1 text-base font-semibold text-slate-900">{legend}</legend>
      {hint && <p className="text-sm text-slate-600">{hint}</p>}
      {children}
    </fieldset>
  );
}
