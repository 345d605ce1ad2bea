/**
 * Markdown of docs/ as HTML for the site. Links are rewritten so the same file reads right on a code host and
 * in the site: `webhooks.md#signing` → `/docs/webhooks#signing`, `../CHANGELOG.md` → `/docs/changelog`; a link to
 * a source file or folder of the checkout has no page in the site and is shown as its text. Code blocks get a copy
 * button and a tab stop (a scrollable region must be reachable by keyboard). The input is the repository's own
 * files, never a user's, so the HTML is trusted.
 */
import { Marked, type Tokens } from "marked";
import { gfmHeadingId } from "marked-gfm-heading-id";

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Where a link of a markdown file under docs/ (or the repository root, for the README and the changelog) leads in the site. */
export function siteHref(href: string, from: "docs" | "root" = "docs"): string | null {
  if (/^(https?:|mailto:)/.test(href) || href.startsWith("#") || href.startsWith("/")) return href;
  const [target = "", anchor] = href.split("#");
  const suffix = anchor ? `#${anchor}` : "";
  const normalized = from === "root" ? target.replace(/^docs\//, "") : target;
  if (normalized === "../CHANGELOG.md" || (from === "root" && target === "CHANGELOG.md")) return `/docs/changelog${suffix}`;
  if (normalized === "../README.md" || (from === "root" && target === "README.md")) return `/docs${suffix}`;
  if (/^[a-z0-9-]+\.md$/.test(normalized) && !(from === "root" && !target.startsWith("docs/"))) return `/docs/${normalized.slice(0, -3)}${suffix}`;
  return null;
}

export function renderMarkdown(markdown: string, from: "docs" | "root" = "docs"): string {
  const marked = new Marked({ gfm: true });
  marked.use(gfmHeadingId());
  marked.use({
    renderer: {
      link(this: { parser: { parseInline: (tokens: Tokens.Generic[]) => string } }, token: Tokens.Link) {
        const text = this.parser.parseInline(token.tokens);
        const href = siteHref(token.href, from);
        return href === null ? text : `<a href="${escapeHtml(href)}">${text}</a>`;
      },
      code(token: Tokens.Code) {
        const language = token.lang ? ` data-language="${escapeHtml(token.lang)}"` : "";
        return `<div class="docs-code"><button type="button" class="docs-copy" data-copy>Copy</button><pre tabindex="0"${language}><code>${escapeHtml(token.text)}</code></pre></div>\n`;
      },
    },
  });
  const html = marked.parse(markdown.replace(/^<!--.*?-->$/gm, ""), { async: false });
  // Wide tables scroll inside a region of their own, reachable by keyboard, instead of widening the page.
  return html.replace(/<table>/g, '<div class="docs-table" tabindex="0" role="region" aria-label="Table"><table>').replace(/<\/table>/g, "</table></div>");
}
