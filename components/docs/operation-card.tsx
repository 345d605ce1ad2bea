import { InlineCode } from "./inline-code";
import type { TOperationView } from "./openapi-view";
import { ParametersTable } from "./parameters-table";

const METHOD_COLOURS: Record<string, string> = {
  GET: "bg-sky-100 text-sky-900",
  POST: "bg-emerald-100 text-emerald-900",
  PATCH: "bg-amber-100 text-amber-900",
  PUT: "bg-amber-100 text-amber-900",
  DELETE: "bg-red-100 text-red-900",
};

function SchemaBlock({ title, schema }: { title: string; schema: Record<string, unknown> }) {
  return (
    <details className="mt-4 rounded-md border border-slate-200">
      <summary className="cursor-pointer px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600">{title}</summary>
      <pre tabIndex={0} className="max-h-96 overflow-auto border-t border-slate-200 bg-slate-50 p-3 text-xs">
        {JSON.stringify(schema, null, 2)}
      </pre>
    </details>
  );
}

export function OperationCard({ operation }: { operation: TOperationView }) {
  return (
    <article id={operation.anchor} aria-labelledby={`${operation.anchor}-title`} className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h3 id={`${operation.anchor}-title`} className="flex flex-wrap items-center gap-3">
        <span className={`rounded px-2 py-0.5 font-mono text-xs font-semibold ${METHOD_COLOURS[operation.method] ?? "bg-slate-100"}`}>{operation.method}</span>
        <code className="font-mono text-sm">{operation.path}</code>
      </h3>
      <p className="mt-2 font-medium">{operation.summary}</p>
      <p className="mt-2 text-sm text-slate-700">
        <span className="font-medium">Access: </span>
        <InlineCode text={operation.access} />
      </p>
      <div className="mt-4">
        <h4 className="mb-2 text-sm font-medium">Parameters</h4>
        {operation.parameters.length > 0 ? (
          <ParametersTable parameters={operation.parameters} caption={`Parameters of ${operation.method} ${operation.path}`} />
        ) : (
          <p className="text-sm text-slate-600">None.</p>
        )}
      </div>
      {operation.requestBody && <SchemaBlock title="Request body (application/json)" schema={operation.requestBody} />}
      {operation.successSchema && <SchemaBlock title={`Response ${operation.successStatus}`} schema={operation.successSchema} />}
    </article>
  );
}
