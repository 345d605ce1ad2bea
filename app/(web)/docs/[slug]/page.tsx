import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { findDocPage, listDocPages } from "@/server/docs/docs-pages";
import { renderMarkdown } from "@/server/docs/markdown";

/** Built once per docs/<slug>.md at build time; any other slug is the 404 page. */
export const dynamicParams = false;
export const generateStaticParams = () => listDocPages().map(({ slug }) => ({ slug }));

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const page = findDocPage((await params).slug);
  return { title: page?.title ?? "Documentation" };
}

export default async function DocPage({ params }: Props) {
  const page = findDocPage((await params).slug);
  if (!page) notFound();
  return (
    <main className="max-w-3xl py-10">
      <article className="docs-prose" dangerouslySetInnerHTML={{ __html: renderMarkdown(page.markdown, page.slug === "changelog" ? "root" : "docs") }} />
    </main>
  );
}
