/**
 * The API reference against the running server: every example of the live OpenAPI document is valid against the
 * live schema it illustrates, every tag has a page that shows each of its operations with its examples, scope and
 * snippets, and no docs page weighs more than 300 KB.
 */
import { expect, test } from "../support/fixtures";
import { liveOpenApi, schemaProblems, successOf } from "../support/live-openapi";

const MAX_PAGE_BYTES = 300 * 1024;
const tagSlug = (tag: string) =>
  tag
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

test("every request and answer example of /v2/openapi.json is valid against its live schema", async ({ request }) => {
  const document = await liveOpenApi(request);
  const problems: string[] = [];
  let checked = 0;
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const body = operation.requestBody?.content?.["application/json"];
      if (body) {
        checked++;
        if (body.example === undefined) problems.push(`${method} ${path}: no request example`);
        else problems.push(...schemaProblems(body.schema!, body.example).map((problem) => `${method} ${path} request ${problem}`));
      }
      const success = successOf(operation)?.[1].content?.["application/json"];
      checked++;
      if (success?.example === undefined) problems.push(`${method} ${path}: no answer example`);
      else problems.push(...schemaProblems(success.schema!, success.example).map((problem) => `${method} ${path} answer ${problem}`));
    }
  }
  expect(problems).toEqual([]);
  expect(checked).toBeGreaterThan(150);
});

test("each tag's page shows every operation of the tag with its examples, scope and curl and TypeScript snippets, under 300 KB", async ({ request }) => {
  const document = await liveOpenApi(request);
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      for (const tag of operation.tags ?? []) byTag.set(tag, [...(byTag.get(tag) ?? []), `${method.toUpperCase()} ${path}`]);
    }
  }
  const sizes: Record<string, number> = {};
  for (const [tag, operations] of byTag) {
    const response = await request.get(`/docs/api/${tagSlug(tag)}`);
    expect(response.status(), tag).toBe(200);
    const html = await response.text();
    sizes[tag] = Buffer.byteLength(html);
    for (const operation of operations) {
      const [method, path] = operation.split(" ");
      expect(html, operation).toContain(`>${path}</code>`);
      expect(html, operation).toContain(`convene.${method}("${path}"`);
      expect(html, operation).toMatch(new RegExp(`curl( -X ${method})? "\\$CONVENE_URL`));
    }
  }
  const largest = Object.entries(sizes).sort(([, a], [, b]) => b - a);
  console.log(
    `largest tag pages: ${largest
      .slice(0, 3)
      .map(([tag, bytes]) => `${tag} ${Math.round(bytes / 1024)} KB`)
      .join(", ")}`,
  );
  const oversized = largest.filter(([, bytes]) => bytes > MAX_PAGE_BYTES);
  expect(oversized).toEqual([]);
});

test("the reference's front page links every tag's page and lists every operation, under 300 KB", async ({ request }) => {
  const document = await liveOpenApi(request);
  const response = await request.get("/docs/api");
  const html = await response.text();
  expect(Buffer.byteLength(html)).toBeLessThan(MAX_PAGE_BYTES);
  const tags = new Set(Object.values(document.paths).flatMap((methods) => Object.values(methods).flatMap((operation) => operation.tags ?? [])));
  for (const tag of tags) expect(html).toContain(`href="/docs/api/${tagSlug(tag)}"`);
  expect(html).toContain(`${document.info.version}`);
});
