import { meaningOf } from "./scope-labels";

/** Scopes as a reader needs them: what the app may do, with the technical name beside it. */
export function ScopeList({ scopes, label }: { scopes: readonly string[]; label: string }) {
  if (scopes.length === 0) return <p className="text-sm text-slate-600">No scopes (legacy access to the whole account).</p>;
  return (
    <ul aria-label={label} className="space-y-1 text-sm">
      {scopes.map((scope) => (
        <li key={scope} className="flex flex-wrap items-baseline gap-x-2">
          <span className="text-slate-900">{meaningOf(scope)}</span>
          <code className="font-mono text-xs text-slate-500">{scope}</code>
        </li>
      ))}
    </ul>
  );
}
