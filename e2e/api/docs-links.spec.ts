/**
 * Every link of the README, CHANGELOG.md and docs/*.md resolves (a file of the checkout and, with `#anchor`, one of
 * its headings; a site path, a page of the running server), and so does every link of the pages the site serves
 * under /docs (the page answers, and its anchor is an id on it). Links to other sites are not fetched (the tests
 * reach no network) but must be https.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { getHeadingList, gfmHeadingId } from "marked-gfm-heading-id";
import { Marked } from "marked";
import { expect, test } from "../support/fixtures";

const ROOT = path.resolve(import.meta.dirname, "../..");
const MARKDOWN_FILES = [
  "README.md",
  "CHANGELOG.md",
  ...readdirSync(path.join(ROOT, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];

/** Links outside code: `[text](href)`. */
function markdownLinks(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, "").replace(/`[^`\n]*`/g, "");
  return [...prose.matchAll(/\[(?:[^\]]|\][^(])*?\]\(([^)\s]+)\)/g)].map((match) => match[1]!);
}

/** The anchors GitHub (and the site) give a markdown file's headings. */
function headingIds(file: string): Set<string> {
  const marked = new Marked().use(gfmHeadingId());
  marked.parse(readFileSync(file, "utf8"), { async: false });
  return new Set(getHeadingList().map((heading) => heading.id));
}

const pageCache = new Map<string, Promise<{ status: number; ids: Set<string>; html: string }>>();
function fetchPage(request: APIRequestContext, pathname: string) {
  if (!pageCache.has(pathname)) {
    pageCache.set(
      pathname,
      request.get(pathname).then(async (response) => {
        const html = await response.text();
        // Attributes in either quote: React writes double quotes, the reference's operations (operation-html.ts) single.
        const ids = [...html.matchAll(/\bid=(?:"([^"]+)"|'([^']+)')/g)].map((match) => (match[1] ?? match[2])!);
        return { status: response.status(), html, ids: new Set(ids) };
      }),
    );
  }
  return pageCache.get(pathname)!;
}

async function sitePathProblem(request: APIRequestContext, href: string): Promise<string | null> {
  const [pathname = "", anchor] = href.split("#");
  const page = await fetchPage(request, pathname || "/");
  if (page.status !== 200) return `answers ${page.status}`;
  if (anchor && !page.ids.has(decodeURIComponent(anchor))) return `has no #${anchor}`;
  return null;
}

test("every link of the README, the changelog and docs/ resolves", async ({ request }) => {
  const problems: string[] = [];
  let checked = 0;
  for (const file of MARKDOWN_FILES) {
    const absolute = path.join(ROOT, file);
    for (const href of markdownLinks(readFileSync(absolute, "utf8"))) {
      checked++;
      if (/^[a-z]+:/.test(href)) {
        if (!/^(https:|mailto:)/.test(href)) problems.push(`${file}: ${href} is not https`);
        continue;
      }
      if (href.startsWith("/")) {
        const problem = await sitePathProblem(request, href);
        if (problem) problems.push(`${file}: ${href} ${problem}`);
        continue;
      }
      const [target = "", anchor] = href.split("#");
      const resolved = target ? path.resolve(path.dirname(absolute), target) : absolute;
      if (!existsSync(resolved)) problems.push(`${file}: ${href} names no file`);
      else if (anchor && statSync(resolved).isFile() && resolved.endsWith(".md") && !headingIds(resolved).has(anchor))
        problems.push(`${file}: ${href} names no heading`);
    }
  }
  expect(problems).toEqual([]);
  expect(checked).toBeGreaterThan(40);
});

test("every link of the docs pages the site serves resolves, anchors included", async ({ request }) => {
  const index = await fetchPage(request, "/docs");
  expect(index.status).toBe(200);
  const docsPages = new Set(["/docs", "/docs/api", "/docs/oauth", "/docs/migrate-v1"]);
  for (const [, href] of index.html.matchAll(/href="(\/docs\/[^"#]*)"/g)) docsPages.add(href!);
  const api = await fetchPage(request, "/docs/api");
  for (const [, href] of api.html.matchAll(/href="(\/docs\/api\/[^"#]*)"/g)) docsPages.add(href!);

  const problems: string[] = [];
  let checked = 0;
  for (const pagePath of docsPages) {
    const page = await fetchPage(request, pagePath);
    if (page.status !== 200) {
      problems.push(`${pagePath} answers ${page.status}`);
      continue;
    }
    const hrefs = new Set([...page.html.matchAll(/<a\b[^>]*\bhref=(?:"([^"]+)"|'([^']+)')/g)].map((match) => (match[1] ?? match[2])!.replace(/&amp;/g, "&")));
    for (const href of hrefs) {
      if (/^[a-z]+:/.test(href)) continue;
      checked++;
      const target = href.startsWith("#") ? `${pagePath}${href}` : href;
      const problem = await sitePathProblem(request, target);
      if (problem) problems.push(`${pagePath}: ${href} ${problem}`);
    }
  }
  expect(problems).toEqual([]);
  expect(docsPages.size).toBeGreaterThan(20);
  expect(checked).toBeGreaterThan(100);
});
