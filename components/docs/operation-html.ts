/**
 * One operation of the API reference as HTML. A tag page is written as a string rather than React elements because
 * Next.js sends a page's server components twice (the HTML and the payload it hydrates from): for the largest tags
 * (bookings, event types) that doubled a page past the 300 KB budget. The markup is plain: tables are styled by
 * `.api-table`, operations by `.api-operation` and code blocks by `.docs-code` (globals.css), and the Copy buttons
 * work through `CopyButtons`.
 */
import { curlSnippet, typescriptCall } from "./api-snippets";
import { exampleRequestOf } from "./example-request";
import type { TFieldView, TOperationView, TParameterView, TTagGroup } from "./openapi-view";

/** Earlier operations of the page whose answer fields, or answer example, this one repeats: linked instead of shown again. */
export type TSharedAnswer = { fields: TOperationLink | null; example: TOperationLink | null };
type TOperationLink = { anchor: string; label: string };

/**
 * For each operation, the first earlier one on the page with the same answer fields, and the same answer example
 * (most of a resource's operations answer the resource; its list answers an array of it).
 */
export function sharedAnswers(operations: TOperationView[]): TSharedAnswer[] {
  const firstWith = new Map<string, TOperationView>();
  const earlier = (key: string, operation: TOperationView): TOperationLink | null => {
    const first = firstWith.get(key);
    if (!first) firstWith.set(key, operation);
    return first ? { anchor: first.anchor, label: `${first.method} ${first.path}` } : null;
  };
  return operations.map((operation) => ({
    fields: operation.responseFields.length ? earlier(`fields ${JSON.stringify(operation.responseFields)}`, operation) : null,
    example: operation.responseExample !== null ? earlier(`example ${JSON.stringify(operation.responseExample)}`, operation) : null,
  }));
}

const linkTo = (link: TOperationLink) => `<a href='#${link.anchor}'>${escapeHtml(link.label)}</a>`;

/**
 * Text needs only `&`, `<` and `>` escaped, and attributes are single-quoted: a `"` left as it is costs one byte in
 * the HTML and a few in the payload Next.js embeds it in, where `&quot;` cost six in both.
 */
const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeAttribute = (text: string) => escapeHtml(text).replace(/'/g, "&#39;");
/** OpenAPI descriptions use one piece of markdown: `code` spans. */
const inlineCode = (text: string) =>
  escapeHtml(text)
    .split("`")
    .map((part, index) => (index % 2 === 1 ? `<code>${part}</code>` : part))
    .join("");

const METHOD_CLASS: Record<string, string> = { GET: "api-get", POST: "api-post", PATCH: "api-patch", PUT: "api-patch", DELETE: "api-delete" };

function table(caption: string, headings: string[], rows: string[][]): string {
  const head = headings.map((heading) => `<th scope='col'>${heading}</th>`).join("");
  const body = rows.map(([first, ...rest]) => `<tr><th scope='row'>${first}</th>${rest.map((cell) => `<td>${cell}</td>`).join("")}</tr>`).join("");
  const name = escapeAttribute(caption);
  return `<div class='api-table' tabindex='0' role='region' aria-label='${name}'><table><caption class='sr-only'>${name}</caption><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`;
}

const parameterRows = (parameters: TParameterView[]) =>
  parameters.map((parameter) => [
    `<code>${escapeHtml(parameter.name)}</code>`,
    parameter.in,
    parameter.required ? "Yes" : "No",
    `<code>${escapeHtml(parameter.type)}</code>`,
    inlineCode(parameter.description),
  ]);

const fieldRows = (fields: TFieldView[]) =>
  fields.map((field) => [
    `<code>${escapeHtml(field.path)}</code>`,
    `<code>${escapeHtml(field.type)}</code>`,
    field.required ? "Yes" : "No",
    inlineCode(field.description),
  ]);

export function codeBlockHtml(code: string, language: string, label: string): string {
  return `<div class='docs-code'><button type='button' class='docs-copy' data-copy aria-label='Copy ${escapeAttribute(label)}'>Copy</button><pre tabindex='0' data-language='${language}'><code>${escapeHtml(code)}</code></pre></div>`;
}

function accessHtml(operation: TOperationView): string {
  const scope = operation.isPublic ? "None: public" : operation.scope ? `<code>${operation.scope}</code>` : "API keys only (no OAuth scope)";
  const roles = operation.roles
    ? `<dt>Roles</dt><dd>${operation.roles.roles.join(", ")} of the ${operation.roles.of} (permission <code>${escapeHtml(operation.roles.permission)}</code>)</dd>`
    : "";
  return `<dl class='api-access'><dt>Scope</dt><dd>${scope}</dd>${roles}</dl><p class='api-note'>${inlineCode(operation.access)}</p>`;
}

const FIELD_HEADINGS = ["Field", "Type", "Required", "Description"];

export function operationHtml(operation: TOperationView, shared: TSharedAnswer): string {
  const label = `${operation.method} ${operation.path}`;
  const parts = [
    `<h3 id='${operation.anchor}-title'><span class='api-method ${METHOD_CLASS[operation.method] ?? ""}'>${operation.method}</span> <code>${escapeHtml(operation.path)}</code></h3>`,
    `<p class='api-summary'>${inlineCode(operation.summary)}</p>`,
    accessHtml(operation),
  ];
  if (operation.parameters.length) {
    parts.push(`<h4>Parameters</h4>`, table(`Parameters of ${label}`, ["Name", "In", "Required", "Type", "Description"], parameterRows(operation.parameters)));
  }
  if (operation.requestFields.length) {
    parts.push(`<details><summary>Body fields</summary>${table(`Body fields of ${label}`, FIELD_HEADINGS, fieldRows(operation.requestFields))}</details>`);
  }
  if (shared.fields) {
    parts.push(`<p class='api-note'>Answer fields (${operation.successStatus}, in <code>data</code>): as ${linkTo(shared.fields)}.</p>`);
  } else if (operation.responseFields.length) {
    parts.push(
      `<details><summary>Answer fields (${operation.successStatus}, in <code>data</code>)</summary>${table(`Answer fields of ${label}`, FIELD_HEADINGS, fieldRows(operation.responseFields))}</details>`,
    );
  }
  const examples: string[] = [];
  if (operation.requestExample !== null) {
    // The schema's example, ids made up: the calls beside it are the ones that run as written (example-request.ts).
    examples.push(
      `<h4>Request body</h4>`,
      `<p class='api-note'>Its shape, with made-up ids; the curl and TypeScript calls send your own.</p>`,
      codeBlockHtml(JSON.stringify(operation.requestExample, null, 2), "json", `request example of ${label}`),
    );
  }
  if (shared.example) {
    examples.push(`<h4>Answer ${operation.successStatus}</h4>`, `<p class='api-note'>The same as ${linkTo(shared.example)}'s.</p>`);
  } else if (operation.responseExample !== null) {
    examples.push(
      `<h4>Answer ${operation.successStatus}</h4>`,
      codeBlockHtml(JSON.stringify(operation.responseExample, null, 2), "json", `answer example of ${label}`),
    );
  }
  const needs = exampleRequestOf(operation).needs;
  const snippets = [
    `<h4>curl</h4>`,
    ...(needs ? [`<p class='api-note'><strong>Needs</strong> ${inlineCode(needs.what)} (until then: ${needs.status}).</p>`] : []),
    codeBlockHtml(curlSnippet(operation), "sh", `curl snippet of ${label}`),
    `<h4>TypeScript (with <a href='#client-setup'>the client</a>)</h4>`,
    codeBlockHtml(typescriptCall(operation), "ts", `TypeScript snippet of ${label}`),
  ];
  parts.push(`<div class='api-columns'><div>${examples.join("")}</div><div>${snippets.join("")}</div></div>`);
  parts.push(
    `<p class='api-note'>Errors: ${operation.errors.map((error) => error.status).join(", ")}, in the error envelope <code>{status: "error", error: {code, message, details?}}</code>.</p>`,
  );
  return `<article id='${operation.anchor}' aria-labelledby='${operation.anchor}-title' class='api-operation'>${parts.join("")}</article>`;
}

/** The reference's front page list: every operation of every tag, linking to it on its tag's page. */
export function operationsIndexHtml(groups: TTagGroup[]): string {
  return groups
    .map(
      (group) =>
        `<section aria-labelledby='tag-${group.slug}-title'><h3 id='tag-${group.slug}-title'><a href='/docs/api/${group.slug}'>${escapeHtml(group.tag)}</a></h3><ul>${group.operations
          .map(
            (operation) =>
              `<li><a href='/docs/api/${group.slug}#${operation.anchor}'><code>${operation.method} ${escapeHtml(operation.path)}</code></a> ${inlineCode(operation.summary)}</li>`,
          )
          .join("")}</ul></section>`,
    )
    .join("");
}
