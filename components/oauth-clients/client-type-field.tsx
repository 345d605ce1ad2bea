const TYPES = [
  { value: "CONFIDENTIAL", label: "Confidential", hint: "Runs on a server that can keep a client secret." },
  { value: "PUBLIC", label: "Public", hint: "Runs in a browser or on a device; uses PKCE and has no secret." },
] as const;

/** Chosen once at creation: switching would change how every grant authenticates. */
export function ClientTypeField({ error }: { error?: string }) {
  return (
    <fieldset aria-describedby={error ? "field-type-error" : undefined}>
      <legend className="text-sm font-medium text-slate-800">Client type</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {TYPES.map(({ value, label, hint }) => (
          <label key={value} className="flex items-start gap-2 rounded-md border border-slate-200 p-3 text-sm has-[:checked]:border-indigo-600">
            <input type="radio" name="type" value={value} defaultChecked={value === "CONFIDENTIAL"} className="mt-0.5 accent-indigo-600" />
            <span>
              <span className="block font-medium text-slate-900">{label}</span>
              <span className="text-slate-600">{hint}</span>
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id="field-type-error" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
