import Link from "next/link";
import type { ReactNode } from "react";
import { CopyButtons } from "@/components/docs/copy-buttons";
import { DocsSearch } from "@/components/docs/docs-search";
import { tagSlug } from "@/components/docs/openapi-view";
import { listDocPages } from "@/server/docs/docs-pages";
import { ROUTE_CATALOG } from "@/server/http/route-catalog";

/**
 * Every page under /docs: the guides (docs/*.md), the API reference by tag, and one search over both. The side
 * navigation's links are plain anchors styled by `.docs-nav` (globals.css): it is on every page, in its HTML and again
 * in the payload Next.js hydrates from, so each byte of it counts twice against a page's weight.
 */
export default function DocsLayout({ children }: { children: ReactNode }) {
  const guides = listDocPages();
  const tags = [...new Set(ROUTE_CATALOG.map((route) => route.tag))].sort((a, b) => a.localeCompare(b));
  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-3 px-6 py-3">
          <Link href="/docs" className="rounded-sm font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600">
            Convene docs
          </Link>
          <Link href="/docs/api" className="rounded-sm text-sm font-medium text-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-600">
            API reference
          </Link>
          <DocsSearch />
        </div>
      </header>
      <div className="mx-auto flex max-w-7xl gap-8 px-6">
        <nav aria-label="Documentation" className="docs-nav hidden w-64 shrink-0 py-8 lg:block">
          <h2 className="px-2 text-xs font-semibold tracking-wide text-slate-600 uppercase">Guides</h2>
          <ul className="mt-2 space-y-0.5">
            {guides.map((guide) => (
              <li key={guide.slug}>
                <a href={`/docs/${guide.slug}`}>{guide.title}</a>
              </li>
            ))}
          </ul>
          <h2 className="mt-6 px-2 text-xs font-semibold tracking-wide text-slate-600 uppercase">API reference</h2>
          <ul className="mt-2 space-y-0.5">
            {tags.map((tag) => (
              <li key={tag}>
                <a href={`/docs/api/${tagSlug(tag)}`}>{tag}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0 flex-1">{children}</div>
      </div>
      <CopyButtons />
    </div>
  );
}
