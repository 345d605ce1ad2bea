/**
 * Prints, per /v2 operation Convene serves, the request fields the peer API documents for it that Convene still
 * refuses (400 `unsupported_field`), outermost only, and any it passes over without a word (the rule's gaps).
 * Computed from the route declarations and server/http/peer-request-fields.ts, as the parser and the OpenAPI do.
 *
 *   npx tsx e2e/support/peer/refused-fields.ts [--markdown]
 */
import { ROUTE_CATALOG } from "../../../server/http/route-catalog";
import { peerFieldsOf, peerOperationOf, refusedPeerFields, unheededPeerFields } from "../../../server/http/peer-fields";

const markdown = process.argv.includes("--markdown");
let refusedCount = 0;
for (const route of ROUTE_CATALOG) {
  const documented = peerFieldsOf(route);
  if (!documented.size) continue;
  const refused = refusedPeerFields(route);
  const unheeded = unheededPeerFields(route);
  refusedCount += refused.length;
  const operation = `${route.method} ${route.path}`;
  const via = peerOperationOf(route) === operation ? "" : ` (peer: ${peerOperationOf(route)})`;
  const list = refused.length ? refused.join(", ") : "none";
  console.log(
    markdown ? `- \`${operation}\`${via}: ${refused.length ? refused.map((field) => `\`${field}\``).join(", ") : "none"}` : `${operation}${via}: ${list}`,
  );
  if (unheeded.length) console.log(`${markdown ? "  - " : "  "}passed over without a word: ${unheeded.join(", ")}`);
}
console.log(`${refusedCount} peer request fields refused in all.`);
