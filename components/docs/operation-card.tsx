import { curlSnippet, typescriptSnippet } from "./api-snippets";
import { CodeBlock } from "./copy-buttons";
import { InlineCode } from "./inline-code";
import type { TFieldView, TOperationView } from "./openapi-view";
import { ParametersTable } from "./parameters-table";

const METHOD_COLOURS: Record<string, string> = {
  GET: "bg-sky-100 text-sky-900",
  POST: "bg-emerald-100 text-emerald-900",
  PATCH: "bg-amber-100 text-amber-900",
  PUT: "bg-amber-100 text-amber-900",
  DELETE: "bg-red-100 text-red-900",
};

const CELL = "px-3 py-1.5 text-left align-top";

function FieldsTable({ fields, caption }: { fields: TFieldView[]; caption: string }) {
  return (
    <div className="overflow-x-auto rounded-md border border-slate-200" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
          <tr>
            {["Field", "Type", "Required", "Description"].map((heading) => (
              <th key={heading} scope="col" className={`${CELL} font-medium`}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => (
            <tr key={field.path} className="border-t border-slate-200">
              <th scope="row" className={`${CELL} font-mono text-xs font-medium break-all`}>
                {field.path}
              </th>
              <td className={`${CELL} font-mono text-xs`}>{field.type}</td>
              <td className={CELL}>{field.required ? "Yes" : "No"}</td>
              <td className={CELL}>{field.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Who may call it: public, API keys only, or the OAuth scope, and for team and organization routes the roles. */
function AccessList({ operation }: { operation: TOperationView }) {
  return (
    <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="font-medium">Scope</dt>
      <dd>{operation.isPublic ? "None: public" : operation.scope ? <code className="font-mono">{operation.scope}</code> : "API keys only (no OAuth scope)"}</dd>
      {operation.roles && (
        <>
          <dt className="font-medium">Roles</dt>
          <dd>
            {operation.roles.roles.join(", ")} of the {operation.roles.of} (permission <code className="font-mono">{operation.roles.permission}</code>)
          </dd>
        </>
      )}
    </dl>
  );
}

export function OperationCard({ operation, baseUrl }: { operation: TOperationView; baseUrl: string }) {
  const label = `${operation.method} ${operation.path}`;
  return (
    <article id={operation.anchor} aria-labelledby={`${operation.anchor}-title`} className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h3 id={`${operation.anchor}-title`} className="flex flex-wrap items-center gap-3">
        <span className={`rounded px-2 py-0.5 font-mono text-xs font-semibold ${METHOD_COLOURS[operation.method] ?? "bg-slate-100"}`}>{operation.method}</span>
        <code className="font-mono text-sm break-all">{operation.path}</code>
      </h3>
      <p className="mt-2 font-medium">{operation.summary}</p>
      <AccessList operation={operation} />
      <p className="mt-2 text-sm text-slate-700">
        <InlineCode text={operation.access} />
      </p>
      {operation.parameters.length > 0 && (
        <div className="mt-4">
          <h4 className="mb-2 text-sm font-semibold">Parameters</h4>
          <ParametersTable parameters={operation.parameters} caption={`Parameters of ${label}`} />
        </div>
      )}
      {operation.requestFields.length > 0 && (
        <details className="mt-4">
          <summary className="cursor-pointer text-sm font-semibold focus-visible:outline-2 focus-visible:outline-indigo-600">Body fields</summary>
          <div className="mt-2">
            <FieldsTable fields={operation.requestFields} caption={`Body fields of ${label}`} />
          </div>
        </details>
      )}
      {operation.responseFields.length > 0 && (
        <details className="mt-4">
          <summary className="cursor-pointer text-sm font-semibold focus-visible:outline-2 focus-visible:outline-indigo-600">
            Answer fields ({operation.successStatus}, in <code>data</code>)
          </summary>
          <div className="mt-2">
            <FieldsTable fields={operation.responseFields} caption={`Answer fields of ${label}`} />
          </div>
        </details>
      )}
      <div className="mt-4 grid gap-4 xl:grid-cols-2">
        <section aria-label={`Examples of ${label}`} className="min-w-0">
          {operation.requestExample !== null && (
            <>
              <h4 className="text-sm font-semibold">Request body</h4>
              <CodeBlock code={JSON.stringify(operation.requestExample, null, 2)} language="json" label={`request example of ${label}`} />
            </>
          )}
          {operation.responseExample !== null && (
            <>
              <h4 className="text-sm font-semibold">Answer {operation.successStatus}</h4>
              <CodeBlock code={JSON.stringify(operation.responseExample, null, 2)} language="json" label={`answer example of ${label}`} />
            </>
          )}
        </section>
        <section aria-label={`Snippets of ${label}`} className="min-w-0">
          <h4 className="text-sm font-semibold">curl</h4>
          <CodeBlock code={curlSnippet(operation, baseUrl)} language="sh" label={`curl snippet of ${label}`} />
          <h4 className="text-sm font-semibold">TypeScript</h4>
          <CodeBlock code={typescriptSnippet(operation, baseUrl)} language="ts" label={`TypeScript snippet of ${label}`} />
        </section>
      </div>
      <p className="mt-3 text-xs text-slate-600">
        Errors: {operation.errors.map((error) => error.status).join(", ")} in the error envelope{" "}
        <code>{'{status: "error", error: {code, message, details?}}'}</code>.
      </p>
    </article>
  );
}
