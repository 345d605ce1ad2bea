/**
 * The HTTP server of Convene: Next.js behind a node:http server of our own (Next's custom-server API).
 * Route handlers get no socket address from Next, and Next fills X-Forwarded-For only when the caller did
 * not, so a caller could pick the address its per-address limits are counted against. Here each request's
 * X-Forwarded-For is replaced by the one address we derive from the socket and TRUST_PROXY; Next then
 * leaves it as it is. `npm start`, `npm run dev`, the test server and the benchmarks all serve through it.
 * It also runs this instance's job workers (server/jobs: mails, calendar writes, webhooks of domain events); on
 * SIGTERM or SIGINT it stops taking requests, lets running jobs finish (bounded, server/jobs/queue.ts) and exits.
 * Usage: node --import tsx server/bin/next-server.ts [--dev]   (PORT, TRUST_PROXY from the environment)
 */
import { createServer, type ServerResponse } from "node:http";
import { env } from "../env";
import { bodyTooLargeResponse, declaredBodyRefusal, lingerOnClose, needsCappedRead, readCappedBody, replayedRequest } from "../http/body-guard";
import { clientAddressBehindProxies, trustedProxyHops } from "../http/forwarded-for";
import { refuseRawTarget } from "../http/path-guard";
import { requestEnded, requestStarted } from "../jobs/foreground-first";
import { startWorkers, stopWorkers } from "../jobs/workers";
import { log } from "../log";
import { v1GoneForRawTarget } from "../v1/v1-gone";
import { ROOT } from "./next-build";

const isDev = process.argv.includes("--dev");
const port = Number(process.env.PORT ?? 3000);
const hops = trustedProxyHops(process.env.TRUST_PROXY);
// What `next start` / `next dev` would set; Next reads it when it loads.
Object.assign(process.env, { NODE_ENV: isDev ? "development" : "production" });
// A misconfigured variable (a rate limit that is not a number, …) stops the server here, named, not at the first request.
try {
  env();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const { default: next } = await import("next");
const app = next({ dev: isDev, dir: ROOT, port, hostname: "localhost" });
const handle = app.getRequestHandler();
await app.prepare();

/** A refusal of the body: answered, then the connection closed without reading the rest (lingering, body-guard.ts). */
function sendClosing(answer: Response, response: ServerResponse) {
  lingerOnClose(response.socket);
  return send(answer, response);
}

async function send(answer: Response, response: ServerResponse) {
  const body = Buffer.from(await answer.arrayBuffer());
  response.writeHead(answer.status, { ...Object.fromEntries(answer.headers), "content-length": String(body.byteLength) });
  response.end(body);
}

/** What escapes Next's own handling (it answers route errors itself): logged where it happens, the connection closed. */
const unanswered = (response: ServerResponse) => (error: unknown) => {
  log.error("request failed outside its route handler", { error });
  response.destroy();
};

const server = createServer((request, response) => {
  // This instance's job workers give way while it serves requests (server/jobs/foreground-first.ts).
  requestStarted();
  response.once("close", requestEnded);
  const target = request.url ?? "/";
  // Next.js would resolve dot segments and redirect `//` before any route or proxy.ts sees the raw path.
  // A /v1 target Next.js would resolve or redirect still gets v1's 410, not the framework's answer.
  // Next.js would also read a whole body before any of our code, however large it says it is (body-guard.ts).
  const refusal = v1GoneForRawTarget(request.method ?? "GET", target) ?? refuseRawTarget(request.method ?? "GET", target);
  if (refusal) return void send(refusal, response).catch(unanswered(response));
  const tooLarge = declaredBodyRefusal(target, request.headers);
  if (tooLarge) return void sendClosing(tooLarge, response).catch(unanswered(response));
  request.headers["x-forwarded-for"] = clientAddressBehindProxies(request.headers["x-forwarded-for"], request.socket.remoteAddress, hops);
  if (!needsCappedRead(target, request.headers)) return void handle(request, response).catch(unanswered(response));
  readCappedBody(request)
    .then(
      (body) => (body ? handle(replayedRequest(request, body), response) : sendClosing(bodyTooLargeResponse(target), response)),
      // The client went away before its body arrived in full: nobody is left to answer.
      () => response.destroy(),
    )
    .catch(unanswered(response));
});

await startWorkers();
server.listen(port);

/** How long requests under way at SIGTERM may take before their connections are cut (jobs have their own bound). */
const REQUESTS_STOP_TIMEOUT_MS = 10_000;

/** Stops taking connections and waits for the requests under way (idle keep-alive connections close at once). */
function closeServer(): Promise<void> {
  const overdue = setTimeout(() => server.closeAllConnections(), REQUESTS_STOP_TIMEOUT_MS);
  overdue.unref();
  return new Promise((resolve) => server.close(() => resolve()));
}

let isStopping = false;
for (const signal of ["SIGTERM", "SIGINT"] as const)
  process.on(signal, () => {
    if (isStopping) return;
    isStopping = true;
    Promise.all([closeServer(), stopWorkers()]).then(
      () => process.exit(0),
      (error: unknown) => {
        log.error("job workers did not stop cleanly", { error });
        process.exit(1);
      },
    );
  });
