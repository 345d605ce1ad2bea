/**
 * A real webhook subscriber on loopback: every delivery is verified under each secret the test registered for its
 * path (two during a rotation), twice: with the `standardwebhooks` library, as a receiver following Convene's README
 * does, and as the peer's (Cal.com's) documentation tells its receivers (an HMAC-SHA256 of the raw body keyed with the
 * secret, in hex, equal to `X-Cal-Signature-256`, with `X-Cal-Webhook-Version: 2021-10-20`); and recorded. A test scripts the
 * answers per path (status, headers, body, delay, a redirect); unscripted requests answer 200.
 */
import { createHmac } from "node:crypto";
import http from "node:http";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { disconnectDb } from "../../server/db/client";
import { test } from "./fixtures";

export type ScriptedAnswer = { status: number; headers?: Record<string, string>; body?: string; delayMs?: number };

export type ReceivedDelivery = {
  path: string;
  headers: Record<string, string>;
  body: string;
  /** The secrets whose Standard Webhooks signature verified (in the order registered); empty when none did. */
  verifiedWith: string[];
  /** The secrets whose peer signature (`X-Cal-Signature-256`) verified. */
  peerVerifiedWith: string[];
  receivedAt: Date;
};

export type WebhookReceiver = {
  url: (path: string) => string;
  /** The secrets a path's deliveries are verified with. */
  expectSecrets: (path: string, secrets: string[]) => void;
  script: (path: string, answers: ScriptedAnswer[]) => void;
  /** Answers each delivery to `path` as `decide` says (after the scripted answers are used up); undefined: 200. */
  answerWith: (path: string, decide: (delivery: ReceivedDelivery) => ScriptedAnswer | undefined) => void;
  deliveries: (path: string) => ReceivedDelivery[];
  waitFor: (path: string, count: number, timeoutMs?: number) => Promise<ReceivedDelivery[]>;
  stop: () => Promise<void>;
};

const verifierOf = (secret: string) => (secret.startsWith("whsec_") ? new Webhook(secret) : new Webhook(secret, { format: "raw" }));

function verifiedWith(secrets: string[], body: string, headers: Record<string, string>): string[] {
  return secrets.filter((secret) => {
    try {
      verifierOf(secret).verify(body, headers);
      return true;
    } catch {
      return false;
    }
  });
}

/** The peer's documented check: HMAC-SHA256 of the raw body under the secret, hex, against the header. */
function peerVerifiedWith(secrets: string[], rawBody: Buffer, headers: Record<string, string>): string[] {
  if (headers["x-cal-webhook-version"] !== "2021-10-20") return [];
  return secrets.filter((secret) => createHmac("sha256", secret).update(rawBody).digest("hex") === headers["x-cal-signature-256"]);
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const secrets = new Map<string, string[]>();
  const scripts = new Map<string, ScriptedAnswer[]>();
  const deciders = new Map<string, (delivery: ReceivedDelivery) => ScriptedAnswer | undefined>();
  const received: ReceivedDelivery[] = [];

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "/";
      const raw = Buffer.concat(chunks);
      const body = raw.toString("utf8");
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      const registered = secrets.get(path) ?? [];
      const delivery: ReceivedDelivery = {
        path,
        headers,
        body,
        verifiedWith: verifiedWith(registered, body, headers),
        peerVerifiedWith: peerVerifiedWith(registered, raw, headers),
        receivedAt: new Date(),
      };
      received.push(delivery);
      const answer = scripts.get(path)?.shift() ?? deciders.get(path)?.(delivery) ?? { status: 200, body: "ok" };
      const reply = () => {
        if (response.destroyed) return;
        response.writeHead(answer.status, answer.headers);
        response.end(answer.body ?? "");
      };
      if (answer.delayMs) setTimeout(reply, answer.delayMs);
      else reply();
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  const deliveries = (path: string) => received.filter((delivery) => delivery.path === path);

  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    expectSecrets: (path, list) => secrets.set(path, list),
    script: (path, answers) => scripts.set(path, [...answers]),
    answerWith: (path, decide) => deciders.set(path, decide),
    deliveries,
    async waitFor(path, count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (deliveries(path).length < count) {
        if (Date.now() > deadline) throw new Error(`${path}: ${deliveries(path).length} of ${count} deliveries within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return deliveries(path);
    },
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A receiver for the tests of one spec file: started before them, stopped after them together with the file's
 * database client. Call at the top level of the file; the returned function gives the running receiver.
 */
export function webhookReceiverForFile(): () => WebhookReceiver {
  let receiver: WebhookReceiver | undefined;
  test.beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  test.afterAll(async () => {
    await receiver?.stop();
    await disconnectDb();
  });
  return () => {
    if (!receiver) throw new Error("the webhook receiver starts in beforeAll: use it inside a test");
    return receiver;
  };
}
