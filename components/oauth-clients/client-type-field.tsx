"use client";
import { get, useFormContext } from "react-hook-form";
import { useFieldId } from "../form/form-id";

const TYPES = [
  { value: "CONFIDENTIAL", label: "Confidential", hint: "Runs on a server that can keep a client secret." },
  { value: "PUBLIC", label: "Public", hint: "Runs in a browser or on a device; uses PKCE and has no secret." },
] as const;

/** Chosen once at creation (the form's `type`): switching would change how every grant authenticates. */
export function ClientTypeField() {
  const { register, formState } = useFormContext();
  const error = (get(formState.errors, "type") as { message?: string } | undefined)?.message;
  const errorId = `${useFieldId("type")}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-slate-800">Client type</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {TYPES.map(({ value, label, hint }) => (
          <label key={value} className="flex items-start gap-2 rounded-md border border-slate-200 p-3 text-sm has-[:checked]:border-indigo-600">
            <input type="radio" value={value} className="mt-0.5 accent-indigo-600" {...register("type")} />
            <span>
              <span className="block font-medium text-slate-900">{label}</span>
              <span className="text-slate-600">{hint}</span>
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
