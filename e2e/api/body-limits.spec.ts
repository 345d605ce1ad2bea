/**
 * One body-size rule for /v2, the OAuth protocol endpoints (token, revocation) and tRPC: a body over 1 MB is a 413 as soon as
 * Content-Length says so, before any of it is read, and a chunked body is cut off once it passes 1 MB. Sent over raw
 * sockets, so the request says exactly what a misbehaving client would and a server that waits is caught waiting.
 */
import net from "node:net";
import { expect, test } from "../support/fixtures";

const MB = 1024 * 1024;
/** Longer than any answer that does not wait for the body, far shorter than reading 64 MB that never comes. */
const PROMPT_MS = 5_000;

type RawAnswer = { status: number; head: string; body: string; sentBytes: number };

/**
 * Sends a request head and then `body` chunks (each written once the previous one drained) until the server closes
 * the connection after its answer, or `PROMPT_MS` passes; answers the status line, the body and what was sent by then.
 */
function rawRequest(baseUrl: string, head: string, chunks: Iterable<Buffer>): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname === "localhost" ? "127.0.0.1" : hostname);
    let received = "";
    let sentBytes = 0;
    let answered = false;
    const timer = setTimeout(() => finish(new Error(`no answer within ${PROMPT_MS} ms (${sentBytes} body bytes sent)`)), PROMPT_MS);
    const finish = (error?: Error) => {
      if (answered) return;
      answered = true;
      clearTimeout(timer);
      socket.destroy();
      if (error) return reject(error);
      const [headText = "", ...rest] = received.split("\r\n\r\n");
      const body = rest.join("\r\n\r\n");
      resolve({
        status: Number(headText.split(" ")[1]),
        head: headText,
        body: /transfer-encoding: *chunked/i.test(headText) ? dechunked(body) : body,
        sentBytes,
      });
    };
    socket.on("data", (data: Buffer) => {
      received += data.toString("latin1");
      // A whole answer of known length: done, even though the connection may linger.
      const [headText, ...rest] = received.split("\r\n\r\n");
      const length = /content-length: *(\d+)/i.exec(headText ?? "")?.[1];
      if (rest.length && length !== undefined && Buffer.byteLength(rest.join("\r\n\r\n"), "latin1") >= Number(length)) finish();
    });
    socket.on("end", () => finish());
    socket.on("error", (error) => (received ? finish() : finish(error)));
    socket.on("connect", async () => {
      socket.write(head);
      for (const chunk of chunks) {
        if (answered || socket.destroyed) return;
        sentBytes += chunk.byteLength;
        if (!socket.write(chunk)) await new Promise((drained) => socket.once("drain", drained));
      }
    });
  });
}

/** A chunked response body, decoded. */
function dechunked(text: string): string {
  let body = "";
  for (let rest = text; ;) {
    const lineEnd = rest.indexOf("\r\n");
    const size = parseInt(rest.slice(0, lineEnd), 16);
    if (!size) return body;
    body += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 2 + size + 2);
  }
}

/** The request head; `Connection: close`, so an answer of unknown length (chunked) ends with the connection. */
const headOf = (path: string, headers: Record<string, string>) =>
  `POST ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nX-Forwarded-For: 198.51.100.${Math.floor(Math.random() * 250)}\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("")}\r\n`;

/** Chunked transfer encoding: 64 KB chunks up to `total` bytes of `a`, then the terminating chunk. */
function* chunked(total: number) {
  const data = Buffer.alloc(64 * 1024, "a");
  for (let sent = 0; sent < total; sent += data.byteLength)
    yield Buffer.concat([Buffer.from(`${data.byteLength.toString(16)}\r\n`), data, Buffer.from("\r\n")]);
  yield Buffer.from("0\r\n\r\n");
}

const ENDPOINTS = [
  { path: "/v2/auth/oauth2/token", contentType: "application/x-www-form-urlencoded", refusal: { error: "invalid_request" } },
  { path: "/v2/auth/oauth2/revoke", contentType: "application/x-www-form-urlencoded", refusal: { error: "invalid_request" } },
  { path: "/v2/auth/oauth2/token", contentType: "application/json", refusal: { error: "invalid_request" } },
  { path: "/v2/bookings", contentType: "application/json", refusal: { status: "error", error: { code: "PAYLOAD_TOO_LARGE" } } },
  { path: "/api/trpc/auth.signUp", contentType: "application/json", refusal: { error: { data: { code: "PAYLOAD_TOO_LARGE", httpStatus: 413 } } } },
];

for (const { path, contentType, refusal } of ENDPOINTS) {
  test(`${path} (${contentType}): a body declaring 64 MB and sending 1 KB is answered 413 at once`, async ({ baseURL }) => {
    const answer = await rawRequest(baseURL!, headOf(path, { "Content-Type": contentType, "Content-Length": String(64 * MB) }), [Buffer.alloc(1024, "a")]);
    expect(answer.status, answer.head).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject(refusal);
  });

  test(`${path} (${contentType}): a chunked body is refused with 413 once it passes 1 MB, without the server reading the rest`, async ({ baseURL }) => {
    const answer = await rawRequest(baseURL!, headOf(path, { "Content-Type": contentType, "Transfer-Encoding": "chunked" }), chunked(24 * MB));
    expect(answer.status, answer.head).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject(refusal);
    expect(answer.sentBytes).toBeLessThan(24 * MB);
  });
}

test("a chunked body under 1 MB is read and reaches the endpoint whole", async ({ baseURL }) => {
  const form = Buffer.from("grant_type=refresh_token&refresh_token=x&client_id=unknown-chunked&client_secret=y");
  const chunks = [form.subarray(0, 20), form.subarray(20)].map((part) =>
    Buffer.concat([Buffer.from(`${part.byteLength.toString(16)}\r\n`), part, Buffer.from("\r\n")]),
  );
  const answer = await rawRequest(
    baseURL!,
    headOf("/v2/auth/oauth2/token", { "Content-Type": "application/x-www-form-urlencoded", "Transfer-Encoding": "chunked" }),
    [...chunks, Buffer.from("0\r\n\r\n")],
  );
  expect(answer.status, answer.head).toBe(401);
  expect(JSON.parse(answer.body)).toMatchObject({ error: "invalid_client" });
});
