/**
 * The `curl` and TypeScript snippets of an operation, from its runnable example (example-request.ts): both name
 * the page's setup variables, curl as `$EVENT_TYPE_ID`, TypeScript as `process.env.EVENT_TYPE_ID`, so both run as
 * written once the page's setup block has. The TypeScript one calls the typed client (packages/client), which sets
 * the version header itself; api-snippets.test.ts compiles every one against the client's generated types, and
 * api-examples.spec.ts runs every curl one against a fresh server.
 */
import { exampleVariable } from "./example-variables";
import { exampleRequestOf, type TTemplateValue } from "./example-request";
import type { TOperationView } from "./openapi-view";

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** `$NAME` or `${NAME}` of a known variable: the pieces of a template, literal text and variable references. */
const PIECES = /(\$\{[A-Z][A-Z0-9_]*\}|\$[A-Z][A-Z0-9_]*)/;
const referenceName = (piece: string) => (piece.startsWith("$") && exampleVariable(piece.replace(/[${}]/g, "")) ? piece.replace(/[${}]/g, "") : null);
const piecesOf = (template: string) => template.split(PIECES).filter((piece) => piece !== "");
const hasReference = (template: string) => piecesOf(template).some((piece) => referenceName(piece) !== null);

/** A template inside a double-quoted shell word: literal parts URL-encoded, variables left to the shell. */
const urlPart = (template: string) =>
  piecesOf(template)
    .map((piece) => (referenceName(piece) ? piece : encodeURIComponent(piece)))
    .join("");

function curlUrl(operation: TOperationView, path: TTemplateValue[], query: TTemplateValue[]): string {
  const filled = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => urlPart(path.find((value) => value.name === name)?.value ?? name));
  const search = query.map((value) => `${encodeURIComponent(value.name)}=${urlPart(value.value)}`).join("&");
  return `"$CONVENE_URL${filled}${search ? `?${search}` : ""}"`;
}

/** Every string of a JSON value, to find its variables. */
const stringsOf = (value: unknown): string[] =>
  typeof value === "string" ? [value] : value && typeof value === "object" ? Object.values(value).flatMap(stringsOf) : [];

/** A body with variables as a here-document's JSON: the shell fills them in; a number variable is sent unquoted. */
function hereDocumentJson(body: unknown): string {
  const escaped = (text: string) =>
    piecesOf(text)
      .map((piece) => (referenceName(piece) ? piece : piece.replace(/[\\`$]/g, (character) => `\\${character}`)))
      .join("");
  return escaped(JSON.stringify(body)).replace(/"(\$\{?([A-Z][A-Z0-9_]*)\}?)"/g, (whole, reference: string, name: string) =>
    exampleVariable(name)?.type === "number" ? reference : whole,
  );
}

const versionOf = (operation: TOperationView) => operation.parameters.find((parameter) => parameter.in === "header" && parameter.name === "svc-api-version");

export function curlSnippet(operation: TOperationView): string {
  const request = exampleRequestOf(operation);
  const lines = [`curl${operation.method === "GET" ? "" : ` -X ${operation.method}`} ${curlUrl(operation, request.path, request.query)}`];
  if (!operation.isPublic) lines.push(`-H "Authorization: Bearer $CONVENE_API_KEY"`);
  const version = versionOf(operation);
  if (version && version.example !== null) lines.push(`-H 'svc-api-version: ${String(version.example)}'`);
  if (request.body === null) return lines.join(" \\\n  ");
  lines.push(`-H 'Content-Type: application/json'`);
  if (!stringsOf(request.body).some(hasReference)) return [...lines, `-d ${shellQuote(JSON.stringify(request.body))}`].join(" \\\n  ");
  return `${[...lines, `-d @- <<JSON`].join(" \\\n  ")}\n${hereDocumentJson(request.body)}\nJSON`;
}

/**
 * A template as a TypeScript expression over process.env. A parameter is typed by its schema (`number`, `string`);
 * a body value by its variable (`auto`), as the here-document of curl sends it.
 */
function templateExpression(template: string, type: "number" | "string" | "auto"): string {
  const pieces = piecesOf(template);
  const only = pieces.length === 1 ? referenceName(pieces[0]!) : null;
  const isNumber = type === "number" || (type === "auto" && only !== null && exampleVariable(only)?.type === "number");
  if (only) return isNumber ? `Number(process.env.${only})` : `process.env.${only}!`;
  if (!pieces.some((piece) => referenceName(piece))) return isNumber && /^-?\d+$/.test(template) ? template : JSON.stringify(template);
  const literal = (text: string) => text.replace(/[\\`]/g, (character) => `\\${character}`).replace(/\$\{/g, "\\${");
  return `\`${pieces.map((piece) => (referenceName(piece) ? `\${process.env.${referenceName(piece)}}` : literal(piece))).join("")}\``;
}

/** A JSON value as a TypeScript literal, its strings read as templates. */
function typescriptValue(value: unknown, indent: string): string {
  if (typeof value === "string") return templateExpression(value, "auto");
  if (Array.isArray(value)) return `[${value.map((item) => typescriptValue(item, indent)).join(", ")}]`;
  if (value && typeof value === "object") {
    const inner = `${indent}  `;
    const entries = Object.entries(value).map(([key, item]) => `${inner}${JSON.stringify(key)}: ${typescriptValue(item, inner)}`);
    return entries.length ? `{\n${entries.join(",\n")}\n${indent}}` : "{}";
  }
  return JSON.stringify(value);
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

/** The operation's call through the client of `typescriptSetup`, with the values of the page's setup block. */
export function typescriptCall(operation: TOperationView): string {
  const request = exampleRequestOf(operation);
  const params: string[] = [];
  for (const [location, values] of [
    ["path", request.path],
    ["query", request.query],
  ] as const) {
    if (values.length)
      params.push(
        `${location}: { ${values.map((value) => `${value.name}: ${templateExpression(value.value, value.isNumber ? "number" : "string")}`).join(", ")} }`,
      );
  }
  const init = [
    ...(params.length ? [`params: { ${params.join(", ")} }`] : []),
    ...(request.body !== null ? [`body: ${indent(typescriptValue(request.body, ""), "  ")}`] : []),
  ];
  return [
    `const { data, error } = await convene.${operation.method}(${JSON.stringify(operation.path)}${init.length ? `, {\n  ${init.join(",\n  ")},\n}` : ""});`,
    `if (error) throw new Error(\`\${error.error.code}: \${error.error.message}\`);`,
    `console.log(data); // the success envelope: { status: "success", data }`,
  ].join("\n");
}

/** Setup and call together: what a developer runs, and what api-snippets.test.ts type-checks. */
export const typescriptSnippet = (operation: TOperationView, baseUrl: string) => `${typescriptSetup(baseUrl)}\n${typescriptCall(operation)}`;
