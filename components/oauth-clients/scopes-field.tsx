"use client";
import { get, useFormContext } from "react-hook-form";
import { SCOPES } from "@/server/auth/scopes";
import { useFieldId } from "../form/form-id";
import { SCOPE_LEVELS, scopesAt } from "./scope-labels";

/** Checkboxes grouped by level (the form's `scopes`), each with the meaning users will read on the consent screen. */
export function ScopesField({ legacyScopes }: { legacyScopes: readonly string[] }) {
  const { register, formState } = useFormContext();
  const error = (get(formState.errors, "scopes") as { message?: string } | undefined)?.message;
  const errorId = `${useFieldId("scopes")}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="space-y-4">
      <legend className="text-sm font-medium text-slate-800">Scopes</legend>
      <p className="text-xs text-slate-500">Ask only for what the app needs. Users see these meanings when they decide.</p>
      {legacyScopes.length > 0 && (
        <p className="text-sm text-amber-900">
          This client still uses the legacy values {legacyScopes.join(", ")}. Selecting explicit scopes and saving ends legacy treatment.
        </p>
      )}
      <div className="grid gap-4 md:grid-cols-3">
        {SCOPE_LEVELS.map(({ level, label, hint }) => (
          <fieldset key={level} className="rounded-md border border-slate-200 p-3">
            <legend className="px-1 text-sm font-semibold text-slate-900">{label}</legend>
            <p className="text-xs text-slate-500">{hint}</p>
            <div className="mt-2 space-y-2">
              {scopesAt(level).map((scope) => (
                <label key={scope} className="flex items-start gap-2 text-sm">
                  <input type="checkbox" value={scope} className="mt-0.5 h-4 w-4 rounded border-slate-300 accent-indigo-600" {...register("scopes")} />
                  <span>
                    <code className="block font-mono text-xs text-slate-900">{scope}</code>
                    <span className="text-slate-600">{SCOPES[scope].meaning}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        ))}
      </div>
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
