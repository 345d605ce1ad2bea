import type { Metadata } from "next";
import Link from "next/link";
import { listDocPages } from "@/server/docs/docs-pages";

export const metadata: Metadata = { title: "Documentation" };

/** The front door for developers: each guide with its one-line summary, and the API reference. */
export default function DocsIndexPage() {
  const guides = listDocPages();
  return (
    <main className="max-w-3xl py-10">
      <h1 className="text-3xl font-semibold">Convene documentation</h1>
      <p className="mt-3 text-slate-700">
        Guides for building on Convene and running it, and the reference of API v2. New here? Start with{" "}
        <Link href="/docs/getting-started" className="font-medium text-indigo-700 underline underline-offset-2">
          Getting started
        </Link>
        .
      </p>
      <ul className="mt-8 space-y-4">
        <li>
          <Link href="/docs/api" className="text-lg font-medium text-indigo-700 underline underline-offset-2">
            API reference
          </Link>
          <p className="text-sm text-slate-700">Every operation of API v2 by tag, with its scopes and roles, examples, and curl and TypeScript snippets.</p>
        </li>
        {guides.map((guide) => (
          <li key={guide.slug}>
            <Link href={`/docs/${guide.slug}`} className="text-lg font-medium text-indigo-700 underline underline-offset-2">
              {guide.title}
            </Link>
            <p className="text-sm text-slate-700">{guide.summary.replace(/`/g, "")}</p>
          </li>
        ))}
      </ul>
    </main>
  );
}
