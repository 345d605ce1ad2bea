import type { Metadata } from "next";
import { connection } from "next/server";
import { InlineCode } from "@/components/docs/inline-code";
import { RateLimitsTable } from "@/components/docs/rate-limits-table";
import { WebhookDeliveriesGuide } from "@/components/docs/webhook-deliveries-guide";
import { operationsIndexHtml } from "@/components/docs/operation-html";
import { referenceGroups } from "@/components/docs/reference-document";
import { WebhookPayloadsTable } from "@/components/docs/webhook-payloads-table";
import { TextLink } from "@/components/ui/text-link";
import { env } from "@/server/env";
import { MAX_JSON_DEPTH } from "@/server/http/json-depth";
import { buildOpenApiDocument } from "@/server/http/openapi";
import { ROUTE_CATALOG } from "@/server/http/route-catalog";
import { WEBHOOK_PAYLOAD_DOCS } from "@/server/webhooks/webhook-payload-docs";
import { ScrollRegion } from "@/components/ui/table-frame";

export const metadata: Metadata = { title: "API reference" };

/**
 * The reference's front page: the base URL, limits and webhook deliveries, and every operation listed by tag, each
 * linking to its tag's page (/docs/api/<tag>). Rendered from the same document as /v2/openapi.json, so a route added
 * to the catalogue appears here unaided.
 */
export default async function ApiReferencePage() {
  await connection(); // APP_URL is the running server's, not the build machine's
  const document = buildOpenApiDocument(ROUTE_CATALOG, env().APP_URL);
  const groups = referenceGroups(env().APP_URL);
  return (
    <main className="max-w-4xl py-10">
      <h1 className="text-3xl font-semibold">{document.info.title} reference</h1>
      <p className="mt-3 text-slate-700">
        <InlineCode text={document.info.description} />
      </p>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium">Base URL</dt>
        <dd className="font-mono">{document.servers[0]?.url}</dd>
        <dt className="font-medium">Machine-readable</dt>
        <dd>
          <TextLink href="/v2/openapi.json" prefetch={false}>
            /v2/openapi.json
          </TextLink>{" "}
          (OpenAPI {document.openapi})
        </dd>
        <dt className="font-medium">Version</dt>
        <dd>
          {document.info.version} (<TextLink href="/docs/changelog">changelog</TextLink>)
        </dd>
        <dt className="font-medium">Typed client</dt>
        <dd>
          <code>@convene/client</code> (<code>packages/client</code>): every snippet below uses it
        </dd>
        <dt className="font-medium">Coming from v1</dt>
        <dd>
          <TextLink href="/docs/migrate-v1">Migrating from API v1</TextLink> (v1 was shut down; every /v1 request answers 410 Gone)
        </dd>
      </dl>
      <section aria-labelledby="limits-title" className="mt-8">
        <h2 id="limits-title" className="text-xl font-semibold">
          Limits
        </h2>
        <p className="mt-2 text-sm text-slate-700">
          Bodies: JSON, at most 1 MB (413 as soon as Content-Length says more), nested at most {MAX_JSON_DEPTH} levels (400). A rate-limited operation answers
          with <code>RateLimit-Policy</code> (<code>&quot;policy&quot;;q=quota;w=window</code>) and <code>RateLimit</code> (
          <code>&quot;policy&quot;;r=remaining;t=seconds to reset</code>) for the limits it counted, and past one with 429 and <code>Retry-After</code>.
        </p>
        <RateLimitsTable />
      </section>
      <nav aria-label="Sections" className="mt-8">
        <ul className="flex flex-wrap gap-3 text-sm">
          <li>
            <TextLink href="#webhook-deliveries">Webhook deliveries</TextLink>
          </li>
          {groups.map((group) => (
            <li key={group.tag}>
              <a href={`/docs/api/${group.slug}`} className="font-medium text-indigo-700 underline underline-offset-2">
                {group.tag}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <WebhookDeliveriesGuide />
      <section aria-labelledby="operations-title" className="mt-12">
        <h2 id="operations-title" className="text-2xl font-semibold">
          Operations
        </h2>
        <div className="api-index" dangerouslySetInnerHTML={{ __html: operationsIndexHtml(groups) }} />
      </section>
      <section id="webhook-payloads" aria-labelledby="webhook-payloads-title" className="mt-12">
        <h2 id="webhook-payloads-title" className="text-2xl font-semibold">
          Webhook deliveries
        </h2>
        <p className="mt-3 text-slate-700">
          Each delivery is a POST of <code>{"{triggerEvent, createdAt, payload}"}</code>, signed with Standard Webhooks headers, with the payload the peer sends
          for that trigger (its 2021-10-20 bodies): a receiver written for it needs only the new URL. A webhook&apos;s <code>payloadTemplate</code> replaces the
          body; its <code>{"{{path}}"}</code> placeholders read these fields (<code>{"{{responses.name.value}}"}</code>).
        </p>
        <ScrollRegion label="Table of webhook payloads by trigger" className="mt-4">
          <WebhookPayloadsTable docs={WEBHOOK_PAYLOAD_DOCS} />
        </ScrollRegion>
      </section>
    </main>
  );
}
