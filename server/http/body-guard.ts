/**
 * The body-size rule of every JSON surface (/v2 with the OAuth token and revocation endpoints, and tRPC), enforced by
 * Convene's HTTP server (server/bin/next-server.ts) before Next.js sees the request. Next.js reads a request's whole
 * body before proxy.ts runs, however large the body says it is and however slowly it comes, so a route's own cap
 * (readCappedText) would come too late: a client declaring 64 MB and sending 1 KB got no answer at all.
 * - Content-Length over MAX_BODY_BYTES: 413 at once, nothing read, the connection closed.
 * - A body without Content-Length (chunked): read here, at most MAX_BODY_BYTES, and handed on to Next.js whole;
 *   past the limit, 413 and the connection closed without reading the rest.
 * Each surface answers in its own error shape: the v2 envelope, RFC 6749's body, tRPC's error, JSON-RPC's (/mcp).
 */
import { IncomingMessage, type IncomingHttpHeaders } from "node:http";
import type { Socket } from "node:net";
import { TRPC_ERROR_CODES_BY_KEY } from "@trpc/server/rpc";
import { OAuthError, oauthErrorResponse } from "../oauth/oauth-error";
import { errorResponse } from "./envelope";
import { BODY_TOO_LARGE_MESSAGE, MAX_BODY_BYTES } from "./request-input";

const OAUTH_PROTOCOL_PATHS = new Set(["/v2/auth/oauth2/token", "/v2/auth/oauth2/revoke", "/v2/auth/oauth2/register"]);
const MCP_PATH = "/mcp";
const TRPC_PREFIX = "/api/trpc/";

const pathOf = (target: string) => target.split("?")[0]!;

/** The surfaces whose bodies Convene's own routes read, as JSON or forms. */
export const isBodyGuardedPath = (pathname: string) =>
  pathname === "/v2" || pathname.startsWith("/v2/") || pathname.startsWith(TRPC_PREFIX) || pathname === MCP_PATH;

/** 413 in the shape of the surface `target` belongs to, telling the client the connection is closed. */
export function bodyTooLargeResponse(target: string): Response {
  const pathname = pathOf(target);
  const response = OAUTH_PROTOCOL_PATHS.has(pathname)
    ? oauthErrorResponse(new OAuthError("invalid_request", BODY_TOO_LARGE_MESSAGE, 413))
    : pathname === MCP_PATH
      ? Response.json({ jsonrpc: "2.0", error: { code: -32600, message: BODY_TOO_LARGE_MESSAGE }, id: null }, { status: 413 })
      : pathname.startsWith(TRPC_PREFIX)
        ? Response.json(
            {
              error: { message: BODY_TOO_LARGE_MESSAGE, code: TRPC_ERROR_CODES_BY_KEY.PAYLOAD_TOO_LARGE, data: { code: "PAYLOAD_TOO_LARGE", httpStatus: 413 } },
            },
            { status: 413 },
          )
        : errorResponse("PAYLOAD_TOO_LARGE", BODY_TOO_LARGE_MESSAGE);
  response.headers.set("Connection", "close");
  return response;
}

/** How long a refused connection still takes (and drops) what the client sends, after the answer: RFC 9112 §9.6. */
const LINGER_MS = 2_000;

/**
 * Makes the close that follows a refusal (`Connection: close`) a lingering one: the answer is sent and the sending side
 * shut, then whatever the client still sends is read and dropped for LINGER_MS before the socket closes. Closing at once
 * while the client is still sending its body makes the kernel reset the connection, which can destroy the answer
 * before the client reads it. Node's HTTP server closes a finished `Connection: close` exchange with destroySoon.
 */
export function lingerOnClose(socket: Socket | null): void {
  if (!socket) return;
  socket.destroySoon = () => {
    socket.end();
    socket.resume();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
}

/** The answer for a request whose Content-Length is over the limit on a guarded surface, or null. */
export function declaredBodyRefusal(target: string, headers: IncomingHttpHeaders): Response | null {
  if (!isBodyGuardedPath(pathOf(target))) return null;
  const declared = Number(headers["content-length"] ?? 0);
  return declared > MAX_BODY_BYTES ? bodyTooLargeResponse(target) : null;
}

/** A body of unknown length (chunked) on a guarded surface: read by readCappedBody before Next.js gets the request. */
export const needsCappedRead = (target: string, headers: IncomingHttpHeaders) =>
  headers["content-length"] === undefined && headers["transfer-encoding"] !== undefined && isBodyGuardedPath(pathOf(target));

/** The whole body, or null as soon as it passes MAX_BODY_BYTES (reading stops there). */
export function readCappedBody(request: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size <= MAX_BODY_BYTES) return void chunks.push(chunk);
      request.off("data", onData);
      request.pause();
      resolve(null);
    };
    request.on("data", onData);
    request.once("end", () => resolve(Buffer.concat(chunks)));
    request.once("error", reject);
  });
}

/** A request like `original`, whose body is `body` with its length declared: what Next.js gets after readCappedBody. */
export function replayedRequest(original: IncomingMessage, body: Buffer): IncomingMessage {
  const replay = new IncomingMessage(original.socket);
  replay.method = original.method;
  replay.url = original.url;
  replay.httpVersion = original.httpVersion;
  replay.httpVersionMajor = original.httpVersionMajor;
  replay.httpVersionMinor = original.httpVersionMinor;
  const rawHeaders: string[] = [];
  for (let index = 0; index < original.rawHeaders.length; index += 2) {
    const name = original.rawHeaders[index]!;
    if (name.toLowerCase() !== "transfer-encoding") rawHeaders.push(name, original.rawHeaders[index + 1]!);
  }
  rawHeaders.push("Content-Length", String(body.byteLength));
  replay.rawHeaders = rawHeaders;
  const { "transfer-encoding": _chunked, ...headers } = original.headers;
  replay.headers = { ...headers, "content-length": String(body.byteLength) };
  replay.push(body);
  replay.push(null);
  replay.complete = true;
  return replay;
}
