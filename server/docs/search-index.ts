/** The entries the docs' search box matches: every section of the guides (heading and text), and every operation of the reference. */
import { getHeadingList, gfmHeadingId } from "marked-gfm-heading-id";
import { Marked } from "marked";
import { referenceGroups } from "@/components/docs/reference-document";
import type { TSearchEntry } from "@/components/docs/docs-search";
import { findDocPage, listDocPages } from "./docs-pages";

const MAX_SECTION_TEXT = 6000;

/** A section's markdown as plain words: no code fences, link targets, table rules or emphasis marks. */
const plainText = (markdown: string) =>
  markdown
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[`*|#>_-]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, MAX_SECTION_TEXT);

function guideEntries(): TSearchEntry[] {
  return listDocPages().flatMap(({ slug, title }) => {
    const markdown = findDocPage(slug)!.markdown;
    const marked = new Marked().use(gfmHeadingId());
    marked.parse(markdown, { async: false });
    const headings = getHeadingList();
    // The text under each heading, up to the next heading of any level; code blocks go first, as their `# comments`
    // are no headings.
    const sections = markdown
      .replace(/```[\s\S]*?```/g, " ")
      .split(/^#{1,6} .*$/m)
      .slice(1);
    return headings.map((heading, index) => ({
      title: heading.level === 1 ? title : heading.raw,
      href: heading.level === 1 ? `/docs/${slug}` : `/docs/${slug}#${heading.id}`,
      section: heading.level === 1 ? "Guide" : `Guide: ${title}`,
      text: plainText(sections[index] ?? ""),
    }));
  });
}

function operationEntries(): TSearchEntry[] {
  return referenceGroups("").flatMap((group) =>
    group.operations.map((operation) => ({
      title: `${operation.method} ${operation.path}`,
      href: `/docs/api/${group.slug}#${operation.anchor}`,
      section: `API: ${group.tag}`,
      text: `${operation.summary} ${operation.scope ?? ""}`,
    })),
  );
}

let index: TSearchEntry[] | null = null;

export function docsSearchIndex(): TSearchEntry[] {
  index ??= [...guideEntries(), ...operationEntries()];
  return index;
}
