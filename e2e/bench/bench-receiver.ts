/**
 * The bench's webhook subscriber on loopback: answers 200 at once, verifies every delivery with the
 * `standardwebhooks` library under the secret registered for its path, and keeps only what the figures need (the
 * path, the `webhook-id`, when it arrived, whether it verified), so counting stays cheap while the worker sends.
 * e2e/support/webhook-receiver.ts is the tests' scripted receiver; this one only counts.
 */
import http from "node:http";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

/** `body`: only on the first arrival at its path (else empty). */
export type Arrival = { path: string; id: string; at: number; verified: boolean; body: string };

export type BenchReceiver = {
  url: (path: string) => string;
  expectSecret: (path: string, secret: string) => void;
  /** Arrivals whose path starts with `prefix`, in arrival order. */
  arrivals: (prefix: string) => Arrival[];
  stop: () => Promise<void>;
};

function verifies(verifier: Webhook | undefined, body: string, headers: http.IncomingHttpHeaders): boolean {
  if (!verifier) return false;
  try {
    verifier.verify(body, Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, String(value)])));
    return true;
  } catch {
    return false;
  }
}

export async function startBenchReceiver(): Promise<BenchReceiver> {
  const verifiers = new Map<string, Webhook>();
  const arrivals: Arrival[] = [];
  const pathsSeen = new Set<string>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "/";
      const body = Buffer.concat(chunks).toString("utf8");
      const verified = verifies(verifiers.get(path), body, request.headers);
      // Bodies are kept only for each path's first arrival: a sample the direct POSTs send, and counting stays cheap.
      const isFirstAtPath = !pathsSeen.has(path);
      pathsSeen.add(path);
      arrivals.push({ path, id: String(request.headers["webhook-id"]), at: Date.now(), verified, body: isFirstAtPath ? body : "" });
      response.writeHead(200, { "content-type": "text/plain" });
      response.end("ok");
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    expectSecret: (path, secret) => verifiers.set(path, new Webhook(secret)),
    arrivals: (prefix) => arrivals.filter(({ path }) => path.startsWith(prefix)),
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
