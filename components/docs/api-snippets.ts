/**
 * The `curl` and TypeScript snippets of an operation, from its examples. The TypeScript one calls the typed client
 * (packages/client), which sets the version header itself; api-snippets.test.ts compiles every one against the
 * client's generated types, so a snippet that no longer fits its route fails the build.
 */
import type { TOperationView } from "./openapi-view";

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

const pathWith = (operation: TOperationView) =>
  operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const parameter = operation.parameters.find((candidate) => candidate.in === "path" && candidate.name === name);
    return encodeURIComponent(String(parameter?.example ?? name));
  });

const requiredQuery = (operation: TOperationView) => operation.parameters.filter((parameter) => parameter.in === "query" && parameter.required);
const versionOf = (operation: TOperationView) => operation.parameters.find((parameter) => parameter.in === "header" && parameter.name === "svc-api-version");

export function curlSnippet(operation: TOperationView, baseUrl: string): string {
  const query = requiredQuery(operation)
    .map((parameter) => `${encodeURIComponent(parameter.name)}=${encodeURIComponent(String(parameter.example))}`)
    .join("&");
  const url = `${baseUrl}${pathWith(operation)}${query ? `?${query}` : ""}`;
  const lines = [`curl${operation.method === "GET" ? "" : ` -X ${operation.method}`} ${shellQuote(url)}`];
  if (!operation.isPublic) lines.push(`-H "Authorization: Bearer $CONVENE_API_KEY"`);
  const version = versionOf(operation);
  if (version && version.example !== null) lines.push(`-H 'svc-api-version: ${String(version.example)}'`);
  if (operation.requestExample !== null) {
    lines.push(`-H 'Content-Type: application/json'`, `-d ${shellQuote(JSON.stringify(operation.requestExample))}`);
  }
  return lines.join(" \\\n  ");
}

const indent = (text: string, by: string) => text.replace(/\n/g, `\n${by}`);

/** The client a page's TypeScript snippets share, shown once at the top of each tag's page. */
export function typescriptSetup(baseUrl: string): string {
  return [
    `import { createConveneClient } from "@convene/client";`,
    ``,
    `// An API key, or accessToken: an OAuth access token (or a function returning the current one)`,
    `const convene = createConveneClient({ baseUrl: ${JSON.stringify(baseUrl)}, apiKey: process.env.CONVENE_API_KEY });`,
  ].join("\n");
}

/** The operation's call through the client of `typescriptSetup`. */
export function typescriptCall(operation: TOperationView): string {
  const params: string[] = [];
  for (const location of ["path", "query"] as const) {
    const shown = operation.parameters.filter((parameter) => parameter.in === location && (location === "path" || parameter.required));
    if (shown.length) params.push(`${location}: ${JSON.stringify(Object.fromEntries(shown.map((parameter) => [parameter.name, parameter.example])))}`);
  }
  const init = [
    ...(params.length ? [`params: { ${params.join(", ")} }`] : []),
    ...(operation.requestExample !== null ? [`body: ${indent(JSON.stringify(operation.requestExample, null, 2), "  ")}`] : []),
  ];
  return [
    `const { data, error } = await convene.${operation.method}(${JSON.stringify(operation.path)}${init.length ? `, {\n  ${init.join(",\n  ")},\n}` : ""});`,
    `if (error) throw new Error(\`\${error.error.code}: \${error.error.message}\`);`,
    `console.log(data); // the success envelope: { status: "success", data }`,
  ].join("\n");
}

/** Setup and call together: what a developer runs, and what api-snippets.test.ts type-checks. */
export const typescriptSnippet = (operation: TOperationView, baseUrl: string) => `${typescriptSetup(baseUrl)}\n${typescriptCall(operation)}`;
