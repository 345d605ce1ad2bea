/**
 * Every curl example of the API reference runs as written on a fresh install: for each operation of each tag's page,
 * a new account and API key, the page's setup lines for the variables the example uses, then the example in bash.
 * It answers the operation's success status, or, for the few marked "Needs …", the status the page says it answers
 * until then. The page itself must show the same block and snippet, so what runs here is what a developer copies.
 *
 * The examples run against a server of their own, configured as `npm start` configures a fresh install (no calendar,
 * video or phone provider, no private-network URLs), over the run's database; see offline-dns.mjs for its one difference.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import { curlSnippet } from "../../components/docs/api-snippets";
import { exampleRequestOf, pageSetupBlock } from "../../components/docs/example-request";
import { referenceGroups } from "../../components/docs/reference-document";
import { disconnectDb } from "../../server/db/client";
import { expect, test } from "../support/fixtures";
import { runExample } from "../support/reference-examples";
import { startSideServer, type ServerProcess } from "../support/test-server";

let server: ServerProcess;
test.beforeAll(async () => {
  server = await startSideServer({
    NODE_OPTIONS: `--import=${path.join(import.meta.dirname, "../support/offline-dns.mjs")}`,
    // npm start makes one on first start (server/bin/start.ts): webhook secrets are kept encrypted with it.
    CALENDAR_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
  });
});
test.afterAll(async () => {
  await server?.stop();
  await disconnectDb();
});

/** As the page escapes its code blocks (operation-html.ts). */
const asHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

// The tags and their operations do not depend on the address; each test reads its page from the server it runs against.
for (const { slug, tag } of referenceGroups("http://localhost")) {
  test(`${tag}: every curl example on /docs/api/${slug} answers as the page says`, async ({ request }) => {
    const group = referenceGroups(server.baseUrl).find((candidate) => candidate.slug === slug)!;
    test.setTimeout(60_000 + group.operations.length * 30_000);
    const html = await (await request.get(`${server.baseUrl}/docs/api/${slug}`)).text();
    expect(html).toContain(asHtml(pageSetupBlock(group.operations, server.baseUrl)));
    const failures: string[] = [];
    for (const operation of group.operations) {
      expect(html).toContain(asHtml(curlSnippet(operation)));
      const expected = exampleRequestOf(operation).needs?.status ?? Number(operation.successStatus);
      const run = await runExample(operation, server.baseUrl);
      if (run.status !== expected) failures.push(`${operation.method} ${operation.path}: ${run.status}, expected ${expected}\n${run.output}`);
    }
    expect(failures, failures.join("\n\n")).toEqual([]);
  });
}
