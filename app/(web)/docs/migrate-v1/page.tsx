import type { Metadata } from "next";
import { connection } from "next/server";
import { CodeBlock, GuideSection } from "@/components/docs/guide-section";
import { V1DifferencesTable } from "@/components/docs/v1-differences-table";
import { TextLink } from "@/components/ui/text-link";
import { env } from "@/server/env";
import { differenceAnchor, V1_DIFFERENCES, V1_SHUTDOWN_DATE } from "@/server/v1/v1-migration";

export const metadata: Metadata = { title: "Migrating from API v1 to v2" };

/** Rendered from the same table as the 410 answers of /v1, so the guide and those answers cannot disagree. */
export default async function MigrateV1Page() {
  await connection(); // examples use the running server's address
  const base = env().APP_URL;
  return (
    <main className="mx-auto max-w-4xl px-6 py-12">
      <TextLink href="/">← Convene</TextLink>
      <h1 className="mt-4 text-3xl font-semibold">Migrating from API v1 to v2</h1>
      <p className="mt-3 text-slate-700">
        API v1 was shut down on {V1_SHUTDOWN_DATE}. Every request under <code>{base}/v1</code> now answers <strong>410 Gone</strong> with a JSON body in
        v1&apos;s error shape, <code>{`{"message": "…"}`}</code>, that names the v2 replacement and links the section below; it also carries a{" "}
        <code>Sunset</code> header and a <code>Link</code> to this page. The full v2 reference is at <TextLink href="/docs/api">/docs/api</TextLink>.
      </p>
      <GuideSection id="basics" title="What changes on every request">
        <ul className="list-disc space-y-1 pl-6">
          <li>
            Paths start with <code>/v2/</code> instead of <code>/v1/</code>.
          </li>
          <li>
            The API key moves from the <code>apiKey</code> query parameter to the header <code>Authorization: Bearer API_KEY</code>. Stop sending it in URLs,
            where proxies and logs keep it.
          </li>
          <li>
            Bookings requests carry <code>svc-api-version: 2024-08-13</code>.
          </li>
          <li>
            Responses use the envelope <code>{`{"status": "success", "data": …}`}</code>; errors are{" "}
            <code>{`{"status": "error", "error": {"code", "message"}}`}</code> instead of a bare <code>{`{"message"}`}</code>. Booking status is lower case (
            <code>accepted</code>, was <code>ACCEPTED</code>).
          </li>
        </ul>
        <CodeBlock>{`curl ${base}/v2/me -H 'Authorization: Bearer API_KEY'`}</CodeBlock>
      </GuideSection>
      <GuideSection id="differences" title="Differences v1 to v2">
        <V1DifferencesTable differences={V1_DIFFERENCES} />
      </GuideSection>
      {V1_DIFFERENCES.map((difference) => (
        <GuideSection key={difference.area} id={differenceAnchor(difference)} title={difference.area}>
          <p>
            v1: {difference.v1}. v2: {difference.v2}.
          </p>
          <h3 className="font-medium">Before (v1)</h3>
          <CodeBlock>{difference.before}</CodeBlock>
          <h3 className="font-medium">After (v2)</h3>
          <CodeBlock>{difference.after}</CodeBlock>
        </GuideSection>
      ))}
    </main>
  );
}
