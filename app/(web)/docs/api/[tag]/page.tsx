import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { notFound } from "next/navigation";
import { typescriptSetup } from "@/components/docs/api-snippets";
import { pageSetupBlock, prerequisitesOf } from "@/components/docs/example-request";
import { codeBlockHtml, operationHtml, sharedAnswers } from "@/components/docs/operation-html";
import { referenceGroups } from "@/components/docs/reference-document";
import { env } from "@/server/env";

type Props = { params: Promise<{ tag: string }> };

const groupOf = (slug: string, baseUrl: string) => referenceGroups(baseUrl).find((group) => group.slug === slug);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const group = groupOf((await params).tag, env().APP_URL);
  return { title: group ? `${group.tag} · API reference` : "API reference" };
}

/** One tag of the reference: its operations, rendered from the same document as /v2/openapi.json. */
export default async function ApiTagPage({ params }: Props) {
  await connection(); // the snippets use the running server's address
  const baseUrl = env().APP_URL;
  const group = groupOf((await params).tag, baseUrl);
  if (!group) notFound();
  const shared = sharedAnswers(group.operations);
  return (
    <main className="py-10">
      <p className="text-sm">
        <Link href="/docs/api" className="font-medium text-indigo-700 underline underline-offset-2">
          API reference
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-semibold">{group.tag}</h1>
      <nav aria-label={`Operations of ${group.tag}`} className="mt-4">
        <ul className="space-y-1 text-sm">
          {group.operations.map((operation) => (
            <li key={operation.anchor}>
              <a href={`#${operation.anchor}`} className="font-mono text-indigo-700 underline underline-offset-2">
                {operation.method} {operation.path}
              </a>{" "}
              <span className="text-slate-700">{operation.summary}</span>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="before-you-try" className="mt-6 max-w-3xl">
        <h2 id="before-you-try" className="text-lg font-semibold">
          Before you try these
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Every example below runs as written on a fresh install once this has run in your shell (bash or zsh, with Node.js): it sets your server and{" "}
          <Link href="/docs/getting-started" className="font-medium text-indigo-700 underline underline-offset-2">
            API key
          </Link>{" "}
          and makes the resources the examples act on, in a variable each.
          {prerequisitesOf(group.operations).includes("organization")
            ? " These operations need an organization you own: the operator makes it once, as the block's comment says."
            : ""}
        </p>
        <div dangerouslySetInnerHTML={{ __html: codeBlockHtml(pageSetupBlock(group.operations, baseUrl), "sh", "the setup block") }} />
      </section>
      <section aria-labelledby="client-setup" className="mt-6 max-w-3xl">
        <h2 id="client-setup" className="text-lg font-semibold">
          Client setup
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          The TypeScript snippets below call the typed client, <code>@convene/client</code> (<code>packages/client</code>), made once:
        </p>
        <div dangerouslySetInnerHTML={{ __html: codeBlockHtml(typescriptSetup(baseUrl), "ts", "the client setup") }} />
      </section>
      <div
        className="mt-8 space-y-8"
        dangerouslySetInnerHTML={{ __html: group.operations.map((operation, index) => operationHtml(operation, shared[index]!)).join("") }}
      />
    </main>
  );
}
