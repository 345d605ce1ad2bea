/**
 * A self-signed certificate for 127.0.0.1, so tests can serve an agent's Client ID Metadata Document over https (the
 * only scheme a client_id URL may use). The app under test trusts it through NODE_EXTRA_CA_CERTS; workers read the key
 * and certificate from the paths in E2E_AGENT_TLS_KEY / E2E_AGENT_TLS_CERT.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export function makeAgentCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "convene-agent-tls-"));
  const key = path.join(dir, "key.pem");
  const cert = path.join(dir, "cert.pem");
  execFileSync(
    "openssl",
    ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1"].concat([
      "-addext",
      "subjectAltName=IP:127.0.0.1,DNS:localhost",
      "-keyout",
      key,
      "-out",
      cert,
    ]),
    { stdio: "ignore" },
  );
  return { key, cert };
}

/** The environment the app is started with and the variables workers inherit. */
export function agentTlsEnvironment() {
  const { key, cert } = makeAgentCertificate();
  return { serverEnv: { NODE_EXTRA_CA_CERTS: cert }, workerEnv: { E2E_AGENT_TLS_KEY: key, E2E_AGENT_TLS_CERT: cert } };
}

/** An https server on 127.0.0.1 answering each path with the JSON document registered for it. */
export async function startDocumentHost(): Promise<{ origin: string; serve: (pathname: string, document: unknown) => string; stop: () => Promise<void> }> {
  const documents = new Map<string, string>();
  const server: Server = createServer(
    { key: readFileSync(process.env.E2E_AGENT_TLS_KEY!), cert: readFileSync(process.env.E2E_AGENT_TLS_CERT!) },
    (request, response) => {
      const body = documents.get(request.url ?? "");
      response.writeHead(body ? 200 : 404, { "content-type": "application/json" }).end(body ?? "{}");
    },
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    serve: (pathname, document) => {
      documents.set(pathname, JSON.stringify(document));
      return `${origin}${pathname}`;
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
