/**
 * The developer documentation as the site serves it under /docs: every docs/<subject>.md of the checkout, plus
 * CHANGELOG.md, read when the page is built. The markdown files are the one copy; the site only renders them.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** The checkout: the server's working directory (npm start, the tests and next build all run there). */
export const REPO_ROOT = existsSync(path.join(process.cwd(), "docs")) ? process.cwd() : path.resolve(import.meta.dirname, "../..");
export const DOCS_DIR = path.join(REPO_ROOT, "docs");

/** Slugs the site serves from its own pages (app/(web)/docs/<slug>), which no markdown file may take. */
export const SITE_DOC_PAGES = ["api", "oauth", "migrate-v1"] as const;

export type TDocPage = { slug: string; file: string; title: string; summary: string };

/** The first heading is the page's title, the first paragraph after it its summary (for the index and search). */
function describe(slug: string, file: string): TDocPage {
  const text = readFileSync(file, "utf8");
  const title = /^# (.+)$/m.exec(text)?.[1]?.trim() ?? slug;
  const afterTitle = text.slice(text.indexOf(title) + title.length);
  const summary = afterTitle
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .find((block) => block && !block.startsWith("#") && !block.startsWith("```") && !block.startsWith("|"));
  return { slug, file, title, summary: (summary ?? "").replace(/\s+/g, " ").replace(/\[([^\]]+)\]\([^)]*\)/g, "$1") };
}

export function listDocPages(): TDocPage[] {
  const pages = readdirSync(DOCS_DIR)
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => describe(name.slice(0, -3), path.join(DOCS_DIR, name)))
    .filter((page) => !(SITE_DOC_PAGES as readonly string[]).includes(page.slug));
  const changelog = path.join(REPO_ROOT, "CHANGELOG.md");
  return existsSync(changelog) ? [...pages, describe("changelog", changelog)] : pages;
}

export function findDocPage(slug: string): (TDocPage & { markdown: string }) | null {
  const page = listDocPages().find((candidate) => candidate.slug === slug);
  return page ? { ...page, markdown: readFileSync(page.file, "utf8") } : null;
}
