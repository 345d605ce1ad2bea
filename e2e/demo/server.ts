/**
 * The demo third-party site: a tiny HTTP server for the demo page (demo-app.tsx, bundled with esbuild on
 * start), a test double of the peer's component that reads messages flat (flat-embed-double.ts, on /flat),
 * its OAuth callback, a calendar feed to connect, and a page that forges embed messages. Tests start
 * it on 127.0.0.1, another site than Convene's localhost. By hand:
 *   CONVENE_HOST=http://localhost:3000 npx tsx e2e/demo/server.ts   (then open the printed URL + ?client_id=…)
 */
import { build } from "esbuild";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { FLAT_EMBED_DOUBLE } from "./flat-embed-double";

const HERE = import.meta.dirname;

let bundle: Promise<string> | undefined;

/** The demo page's script, with React and the component's source, bundled once per process. */
function demoBundle(): Promise<string> {
  bundle ??= build({
    entryPoints: [path.join(HERE, "demo-app.tsx")],
    bundle: true,
    write: false,
    format: "esm",
    platform: "browser",
    jsx: "automatic",
    target: "es2020",
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "silent",
  }).then((result) => result.outputFiles[0]!.text);
  return bundle;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>${body}</body></html>`;

/** Posts what a hostile frame would: an "allowed" with a forged code, an error and a close, to anyone ("*"), in both shapes. */
const FORGER = `<script>
const state = new URLSearchParams(location.search).get("state") || "";
for (const [type, fields] of [
  ["authorization:allowed", { code: "forged-code", state }],
  ["onboarding:error", { code: "UNKNOWN", message: "forged" }],
  ["onboarding:close", {}],
]) parent.postMessage({ type, ...fields, data: fields }, "*");
document.body.append("forged messages sent");
</script>`;

/** A feed with one busy hour tomorrow, for the onboarding's "Connect an ICS feed". */
function calendarFeed(): string {
  const stamp = (date: Date) =>
    date
      .toISOString()
      .replace(/[-:]/g, "")
      .replace(/\.\d{3}/, "");
  const start = new Date(Date.now() + 24 * 60 * 60 * 1000);
  start.setUTCHours(10, 0, 0, 0);
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Convene demo app//EN",
    "BEGIN:VEVENT",
    "UID:demo-busy-hour@demo.example.test",
    `DTSTAMP:${stamp(new Date())}`,
    `DTSTART:${stamp(start)}`,
    `DTEND:${stamp(new Date(start.getTime() + 60 * 60 * 1000))}`,
    "SUMMARY:Busy at the demo app",
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ].join("\r\n");
}

function callbackPage(url: URL): string {
  const rows = [...url.searchParams].map(([key, value]) => `<dt>${escapeHtml(key)}</dt><dd>${escapeHtml(value)}</dd>`).join("");
  return page("Back at the demo app", `<h1>Back at the demo app</h1><dl aria-label="Callback parameters">${rows}</dl>`);
}

async function respond(request: http.IncomingMessage, response: http.ServerResponse) {
  const url = new URL(request.url ?? "/", "http://demo.invalid");
  const send = (status: number, type: string, body: string) => response.writeHead(status, { "Content-Type": type, "Cache-Control": "no-store" }).end(body);
  if (url.pathname === "/")
    return send(200, "text/html; charset=utf-8", page("Demo scheduling app", '<div id="root"></div><script type="module" src="/demo.js"></script>'));
  if (url.pathname === "/flat") return send(200, "text/html; charset=utf-8", page("Peer-protocol app", FLAT_EMBED_DOUBLE));
  if (url.pathname === "/demo.js") return send(200, "text/javascript; charset=utf-8", await demoBundle());
  if (url.pathname === "/callback") return send(200, "text/html; charset=utf-8", callbackPage(url));
  if (url.pathname === "/calendar.ics") return send(200, "text/calendar; charset=utf-8", calendarFeed());
  if (url.pathname === "/forge") return send(200, "text/html; charset=utf-8", page("Forger", FORGER));
  send(404, "text/plain", "Not found");
}

export type DemoServer = { origin: string; port: number; stop: () => Promise<void> };

export async function startDemoServer(options: { host?: string; port?: number } = {}): Promise<DemoServer> {
  const { host = "127.0.0.1", port = 0 } = options;
  await demoBundle();
  const server = http.createServer((request, response) => {
    respond(request, response).catch((error: unknown) => response.writeHead(500).end(String(error)));
  });
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(port, host, resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    origin: `http://${host}:${bound}`,
    port: bound,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const demo = await startDemoServer({ port: Number(process.env.PORT ?? 4600) });
  const host = process.env.CONVENE_HOST ?? "http://localhost:3000";
  console.log(`Demo app on ${demo.origin}/?host=${encodeURIComponent(host)}&client_id=<your public client id>`);
  console.log(`Register ${demo.origin}/callback as a redirect URI of that client.`);
}
