/**
 * The request an operation's runnable example sends, as templates over the page's setup variables, and the setup
 * block that defines them: what api-snippets.ts renders as curl and TypeScript, and what api-examples.spec.ts runs.
 */
import { EXAMPLE_CALLS, type TExampleNeeds } from "./example-calls";
import { apiKeyLine, exampleVariable, SETUP_PREAMBLE, variableForParameter, variablesIn, withDependencies } from "./example-variables";
import type { TOperationView, TParameterView } from "./openapi-view";

/** A value of the request: a template (`$NAME` / `${NAME}` are variables), sent as a number when `isNumber`. */
export type TTemplateValue = { name: string; value: string; isNumber: boolean };

export type TExampleRequest = {
  path: TTemplateValue[];
  query: TTemplateValue[];
  /** JSON whose strings are templates; null: no body. */
  body: unknown;
  needs: TExampleNeeds | null;
  /** Every variable it refers to. */
  variables: string[];
};

const isNumeric = (parameter: TParameterView) => /^(integer|number)/.test(parameter.type);

function pathValue(operation: TOperationView, parameter: TParameterView): string {
  const chosen = EXAMPLE_CALLS[`${operation.method} ${operation.path}`]?.path?.[parameter.name];
  if (chosen !== undefined) return exampleVariable(chosen) ? `$${chosen}` : chosen;
  const variable = variableForParameter(operation.path, parameter.name);
  return variable ? `$${variable.name}` : String(parameter.example);
}

export function exampleRequestOf(operation: TOperationView): TExampleRequest {
  const call = EXAMPLE_CALLS[`${operation.method} ${operation.path}`] ?? {};
  const path = operation.parameters
    .filter((parameter) => parameter.in === "path")
    .map((parameter) => ({ name: parameter.name, value: pathValue(operation, parameter), isNumber: isNumeric(parameter) }));
  const queryParameters = new Map(operation.parameters.filter((parameter) => parameter.in === "query").map((parameter) => [parameter.name, parameter]));
  const query = call.query
    ? Object.entries(call.query).map(([name, value]) => ({
        name,
        value,
        isNumber: Boolean(queryParameters.get(name) && isNumeric(queryParameters.get(name)!)),
      }))
    : [...queryParameters.values()]
        .filter((parameter) => parameter.required)
        .map((parameter) => ({ name: parameter.name, value: String(parameter.example), isNumber: isNumeric(parameter) }));
  const body = call.body !== undefined ? call.body : operation.requestExample;
  const text = [...path, ...query].map((value) => value.value).join(" ") + JSON.stringify(body);
  return { path, query, body, needs: call.needs ?? null, variables: variablesIn(text) };
}

const exportable = (names: string[]) => names.filter((name) => exampleVariable(name)?.type !== "helper");

/**
 * The lines that define `names` on a fresh install: the server, your key, the helpers, each variable's lines, and
 * one export for the TypeScript snippets (which read process.env).
 */
export function setupBlock(names: Iterable<string>, baseUrl: string): string {
  const variables = withDependencies(names);
  return [
    `CONVENE_URL=${baseUrl}`,
    apiKeyLine,
    ...SETUP_PREAMBLE,
    ...variables.flatMap((variable) => variable.lines),
    `export CONVENE_URL CONVENE_API_KEY ${exportable(variables.map((variable) => variable.name)).join(" ")}`.trimEnd(),
  ].join("\n");
}

/** The setup block of a tag's page: every variable its operations' examples use. */
export const pageSetupBlock = (operations: TOperationView[], baseUrl: string) =>
  setupBlock(new Set(operations.flatMap((operation) => exampleRequestOf(operation).variables)), baseUrl);

/** What the page's operations need that no call makes (an organization), so its block says so first. */
export const prerequisitesOf = (operations: TOperationView[]) => [
  ...new Set(
    withDependencies(new Set(operations.flatMap((operation) => exampleRequestOf(operation).variables))).flatMap((variable) =>
      variable.prerequisite ? [variable.prerequisite] : [],
    ),
  ),
];
