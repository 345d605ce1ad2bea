import type { TParameterView } from "./openapi-view";

const CELL = "px-3 py-2 text-left align-top";

export function ParametersTable({ parameters, caption }: { parameters: TParameterView[]; caption: string }) {
  return (
    <div className="overflow-x-auto rounded-md border border-slate-200" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            {["Name", "In", "Required", "Type", "Description"].map((heading) => (
              <th key={heading} scope="col" className={`${CELL} font-medium`}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {parameters.map((parameter) => (
            <tr key={`${parameter.in}-${parameter.name}`} className="border-t border-slate-200">
              <th scope="row" className={`${CELL} font-mono font-medium`}>
                {parameter.name}
              </th>
              <td className={CELL}>{parameter.in}</td>
              <td className={CELL}>{parameter.required ? "Yes" : "No"}</td>
              <td className={`${CELL} font-mono text-xs`}>{parameter.type}</td>
              <td className={CELL}>{parameter.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
