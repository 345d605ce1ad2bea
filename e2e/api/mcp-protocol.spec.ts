/**
 * /mcp as a Streamable HTTP server, checked the way the MCP conformance suite's server scenarios check one
 * (server-initialize, ping, tools-list, tools-call-error, dns-rebinding-protection; docs/mcp.md says why the suite
 * itself is not run here and which of its scenarios do not apply), on the SDK's own client with an API key, and over raw HTTP.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { LATEST_PROTOCOL_VERSION } from "@modelcontextprotocol/sdk/types.js";
import { makeApiKey, makeUser } from "../../prisma/factories";
import { disconnectDb } from "../../server/db/client";
import { expect, test } from "../support/fixtures";

test.afterAll(() => disconnectDb());

const JSON_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };
const rpc = (method: string, params: Record<string, unknown> = {}, id = 1) => ({ jsonrpc: "2.0", id, method, params });

test("initialize, ping, tools/list and an unknown tool over the SDK client, with an API key as bearer", { tag: "@embedded" }, async ({ baseURL }) => {
  const user = await makeUser();
  const key = await makeApiKey(user.id);
  const transport = new StreamableHTTPClientTransport(new URL("/mcp", baseURL), { requestInit: { headers: { authorization: `Bearer ${key}` } } });
  const client = new Client({ name: "conformance-like", version: "1.0.0" });
  await client.connect(transport);
  expect(client.getServerVersion()).toMatchObject({ name: "convene" });
  expect(client.getServerCapabilities()?.tools).toBeDefined();
  await client.ping();
  const { tools } = await client.listTools();
  for (const tool of tools) {
    expect(tool.inputSchema.type).toBe("object");
    expect(tool.description!.length).toBeGreaterThan(20);
  }
  const me = await client.callTool({ name: "get_me", arguments: {} });
  expect(JSON.parse((me.content as { text: string }[])[0]!.text)).toMatchObject({ status: "success", data: { email: user.email } });
  // Bad arguments are a tool result the model can read and correct, not a protocol error.
  const bad = await client.callTool({ name: "get_event_type", arguments: { eventTypeId: "not a number" } });
  expect(bad.isError).toBe(true);
  expect((bad.content as { text: string }[])[0]!.text).toContain("eventTypeId");
  await expect(client.callTool({ name: "no_such_tool", arguments: {} })).rejects.toThrow(/Unknown tool/);
  await client.close();
});

test("protocol revisions: the newest and the one before are spoken; an older request is answered with the newest; an unknown header is a 400", async ({
  request,
}) => {
  const key = await makeApiKey((await makeUser()).id);
  const headers = { ...JSON_HEADERS, authorization: `Bearer ${key}` };
  const initialize = async (protocolVersion: string) => {
    const answer = await request.post("/mcp", {
      headers,
      data: rpc("initialize", { protocolVersion, capabilities: {}, clientInfo: { name: "t", version: "1" } }),
    });
    expect(answer.status()).toBe(200);
    return (await answer.json()).result.protocolVersion;
  };
  expect(await initialize(LATEST_PROTOCOL_VERSION)).toBe(LATEST_PROTOCOL_VERSION);
  expect(await initialize("2025-06-18")).toBe("2025-06-18");
  expect(await initialize("2024-11-05")).toBe(LATEST_PROTOCOL_VERSION);
  const old = await request.post("/mcp", { headers: { ...headers, "mcp-protocol-version": "2024-11-05" }, data: rpc("tools/list") });
  expect(old.status()).toBe(400);
});

test("DNS rebinding, methods, size: another site's Origin is a 403, GET and DELETE are 405, a body over 1 MB is a 413; all before any credential is read", async ({
  request,
  baseURL,
}) => {
  const key = await makeApiKey((await makeUser()).id);
  const headers = { ...JSON_HEADERS, authorization: `Bearer ${key}` };
  const foreign = await request.post("/mcp", { headers: { ...headers, origin: "https://evil.example.test" }, data: rpc("tools/list") });
  expect(foreign.status()).toBe(403);
  expect((await foreign.json()).error.message).toContain("evil.example.test");
  expect((await request.post("/mcp", { headers: { ...headers, origin: new URL(baseURL!).origin }, data: rpc("tools/list") })).status()).toBe(200);
  expect((await request.get("/mcp", { headers })).status()).toBe(405);
  expect((await request.delete("/mcp", { headers })).status()).toBe(405);
  const huge = await request.post("/mcp", { headers, data: JSON.stringify({ ...rpc("tools/list"), padding: "x".repeat(1_100_000) }) });
  expect(huge.status()).toBe(413);
  expect((await huge.json()).error.code).toBe(-32600);
});

test("discovery: the 401 names the protected resource metadata, which names Convene as authorization server; RFC 8414 says what agents need", async ({
  request,
  baseURL,
}) => {
  const unauthenticated = await request.post("/mcp", { headers: JSON_HEADERS, data: rpc("tools/list") });
  expect(unauthenticated.status()).toBe(401);
  const challenge = unauthenticated.headers()["www-authenticate"]!;
  const metadataUrl = /resource_metadata="([^"]+)"/.exec(challenge)![1]!;
  expect(metadataUrl).toBe(`${baseURL}/.well-known/oauth-protected-resource/mcp`);
  expect(challenge).toMatch(/scope="[^"]*BOOKING_READ/);
  const resource = await (await request.get(metadataUrl)).json();
  expect(resource).toMatchObject({ resource: `${baseURL}/mcp`, authorization_servers: [baseURL], bearer_methods_supported: ["header"] });
  const server = await (await request.get("/.well-known/oauth-authorization-server")).json();
  expect(server).toMatchObject({
    issuer: baseURL,
    code_challenge_methods_supported: ["S256"],
    registration_endpoint: `${baseURL}/v2/auth/oauth2/register`,
    client_id_metadata_document_supported: true,
    authorization_response_iss_parameter_supported: true,
  });
  const invalid = await request.post("/mcp", { headers: { ...JSON_HEADERS, authorization: "Bearer cnv_not_a_real_token" }, data: rpc("tools/list") });
  expect(invalid.status()).toBe(401);
  expect(invalid.headers()["www-authenticate"]).toContain('error="invalid_token"');
});
