import type { Metadata } from "next";
import { connection } from "next/server";
import { CodeBlock, GuideSection } from "@/components/docs/guide-section";
import { TextLink } from "@/components/ui/text-link";
import { SCOPES } from "@/server/auth/scopes";
import { env } from "@/server/env";
import { MCP_PROTOCOL_VERSIONS } from "@/server/mcp/mcp-endpoint";
import { mcpResourceUrl, resourceMetadataUrl } from "@/server/mcp/resource";
import { MCP_TOOLS } from "@/server/mcp/tools";
import { ScrollRegion } from "@/components/ui/table-frame";

export const metadata: Metadata = { title: "Connect an AI agent (MCP)" };

/** The developer page for agents: the URL to paste, what the agent asks, and the tools, listed from their definitions. */
export default async function McpGuidePage() {
  await connection(); // the URLs are the running server's
  const base = env().APP_URL;
  return (
    <main className="mx-auto max-w-4xl px-6 py-12">
      <TextLink href="/">← Convene</TextLink>
      <h1 className="mt-4 text-3xl font-semibold">Connect an AI agent (MCP)</h1>
      <p className="mt-3 text-slate-700">
        Convene is a remote Model Context Protocol server: an agent (Claude, ChatGPT, an IDE, your own program on an MCP SDK) can find free times, book,
        reschedule and cancel for a person who allowed it, with the permissions that person chose. Protocol revisions {MCP_PROTOCOL_VERSIONS.join(" and ")},
        Streamable HTTP.
      </p>
      <GuideSection id="url" title="1. Paste this URL into your MCP client">
        <CodeBlock>{mcpResourceUrl(base)}</CodeBlock>
        <p>
          The client discovers the rest: the server answers 401 with a link to its{" "}
          <TextLink href={resourceMetadataUrl(base)}>protected resource metadata</TextLink>, which names Convene&apos;s{" "}
          <TextLink href="/.well-known/oauth-authorization-server">authorization server</TextLink>. The agent identifies itself by its client metadata URL, or
          registers itself; an administrator&apos;s policy decides whether new agents need a review first.
        </p>
      </GuideSection>
      <GuideSection id="consent" title="2. Approve it">
        <p>
          Your browser opens Convene&apos;s consent page naming the agent and what it asks to do, in words (by default what a scheduler needs for their own day:
          view and change event types, bookings, availability, connected apps and profile). Team and organization permissions are asked for only when the agent
          needs them. You can see and revoke every agent under <TextLink href="/settings/my-apps">Authorized apps</TextLink>; revoking ends its access at once.
        </p>
      </GuideSection>
      <GuideSection id="api-key" title="Or use an API key">
        <p>Programs that hold one of your API keys may send it as the bearer token instead; the key acts with all of your rights.</p>
        <CodeBlock>{`{ "mcpServers": { "convene": { "url": "${mcpResourceUrl(base)}", "headers": { "Authorization": "Bearer cal_…" } } } }`}</CodeBlock>
      </GuideSection>
      <GuideSection id="tools" title="Tools">
        <p>
          Each tool is a call of the REST API v2 operation named beside it: same input, same checks, same answer (<code>{"{status, data, pagination?}"}</code>
          ). A refused call says what to do next; a slot taken meanwhile is answered with the nearest free ones.
        </p>
        <ScrollRegion label="Table of tools and their operations">
          <table className="mt-2 w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-300">
                <th className="py-2 pr-4">Tool</th>
                <th className="py-2 pr-4">What it does</th>
                <th className="py-2 pr-4">Permission (OAuth scope)</th>
                <th className="py-2">REST operation</th>
              </tr>
            </thead>
            <tbody>
              {MCP_TOOLS.map((tool) => (
                <tr key={tool.name} className="border-b border-slate-200 align-top">
                  <td className="py-2 pr-4 font-mono">{tool.name}</td>
                  <td className="py-2 pr-4">{tool.description}</td>
                  <td className="py-2 pr-4">{tool.scope ? `${SCOPES[tool.scope].meaning} (${tool.scope})` : "None (a public operation)"}</td>
                  <td className="py-2 font-mono text-xs">
                    {tool.route.method} {tool.route.path}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </GuideSection>
    </main>
  );
}
