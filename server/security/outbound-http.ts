/**
 * HTTP requests to URLs a user gave us (ICS feeds, CalDAV servers, webhook subscribers). Such a URL must not become a way
 * into our own network, so unless ALLOW_PRIVATE_NETWORK_URLS is set:
 * - every address the host name resolves to must be public (not loopback, private, link-local, shared,
 *   multicast, documentation or reserved space, including IPv4 embedded in IPv6), and the socket connects
 *   to the address that was checked: the name is resolved once, by our own lookup, never again by the
 *   HTTP client (no DNS-rebinding window);
 * - redirects are not followed: a 3xx is returned to the caller, which treats it as a failure.
 * Responses are size-capped and every request has a deadline.
 */
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";

export class OutboundUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "OutboundUrlError";
  }
}

const BLOCKED_V4: [string, number][] = [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local (cloud metadata services live here)
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
];
const BLOCKED_V6: [string, number][] = [
  ["::", 128],
  ["::1", 128],
  ["100::", 64], // discard
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
];

const blockList = new net.BlockList();
for (const [prefix, bits] of BLOCKED_V4) blockList.addSubnet(prefix, bits, "ipv4");
for (const [prefix, bits] of BLOCKED_V6) blockList.addSubnet(prefix, bits, "ipv6");

/** 16 bytes of an IPv6 address, or null when `address` is not one. */
function ipv6Bytes(address: string): number[] | null {
  if (net.isIPv6(address) === false) return null;
  let text = address.split("%")[0]!;
  const v4Tail = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (v4Tail) {
    const [a, b, c, d] = v4Tail[1]!.split(".").map(Number) as [number, number, number, number];
    text = `${text.slice(0, -v4Tail[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, null];
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const groups = tail === null ? headGroups : [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill("0"), ...tailGroups];
  return groups.flatMap((group) => {
    const value = parseInt(group, 16);
    return [value >> 8, value & 0xff];
  });
}

/** The IPv4 address an IPv6 address carries (mapped, compatible, NAT64 or 6to4), if any. */
function embeddedIpv4(address: string): string | null {
  const bytes = ipv6Bytes(address);
  if (!bytes) return null;
  const isZero = (from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0);
  const v4 = (offset: number) => bytes.slice(offset, offset + 4).join(".");
  if (isZero(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return v4(12); // ::ffff:a.b.c.d
  if (isZero(0, 12)) return v4(12); // ::a.b.c.d (deprecated "compatible")
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && isZero(4, 12)) return v4(12); // 64:ff9b::/96
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return v4(2); // 2002::/16
  return null;
}

/** Whether a literal IP address may be reached on behalf of a user (public unicast only). */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address.split("%")[0]!);
  if (family === 4) return !blockList.check(address, "ipv4");
  if (family !== 6) return false;
  const carried = embeddedIpv4(address);
  if (carried !== null && !isPublicAddress(carried)) return false;
  return !blockList.check(address.split("%")[0]!, "ipv6");
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** How a host name becomes addresses: the system resolver, or a test's own answers (a name that turns private). */
export type ResolveHost = (hostname: string) => Promise<LookupAddress[]>;

/**
 * Ends every refusal of a private address: self-hosters run CalDAV servers and webhook receivers on their own network,
 * and whoever reads the refusal (a user in a form, an API client, an operator reading a delivery log) learns which
 * setting allows it.
 */
export const PRIVATE_NETWORK_HINT =
  "refusing to connect. Addresses on a private network are allowed when the server runs with ALLOW_PRIVATE_NETWORK_URLS=true (self-hosted setups)";

export const systemResolve: ResolveHost = (hostname) =>
  new Promise((resolve, reject) => dnsLookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));

/** The host's addresses, all of them public (unless private networks are allowed); else an OutboundUrlError. */
export async function resolvePublicAddresses(hostname: string, allowPrivate: boolean, resolve: ResolveHost = systemResolve): Promise<LookupAddress[]> {
  const literal = net.isIP(hostname);
  const addresses = literal ? [{ address: hostname, family: literal }] : await resolve(hostname);
  const blocked = addresses.find(({ address }) => !isPublicAddress(address));
  if (blocked && !allowPrivate)
    throw new OutboundUrlError(`${hostname} resolves to a private or reserved address (${blocked.address}); ${PRIVATE_NETWORK_HINT}`);
  if (addresses.length === 0) throw new OutboundUrlError(`${hostname} has no address`);
  return addresses;
}

/** A `lookup` for http.request: resolves once, refuses the host if any of its addresses is not public. */
function checkedLookup(allowPrivate: boolean, resolve: ResolveHost) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    resolvePublicAddresses(hostname, allowPrivate, resolve).then(
      (addresses) => (options.all ? callback(null, addresses) : callback(null, addresses[0]!.address, addresses[0]!.family)),
      (error: NodeJS.ErrnoException) => callback(error, []),
    );
  };
}

export type OutboundRequest = {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs?: number;
  maxBytes?: number;
  /** Past maxBytes: fail (default), or stop reading and answer what came so far (`truncated: true`). */
  onOversize?: "reject" | "truncate";
  /** Name resolution for this request (tests); the system resolver by default. */
  resolve?: ResolveHost;
  /** ALLOW_PRIVATE_NETWORK_URLS, passed in by the caller so this module stays free of configuration. */
  allowPrivateNetwork: boolean;
  /**
   * A keep-alive agent of the URL's protocol, for a caller that sends many requests to the same receivers (webhook
   * deliveries). Its sockets were connected to addresses this module's lookup checked, so reusing one skips no check;
   * the caller keeps one agent per (allowPrivateNetwork, resolve), as a pooled socket carries the policy it was opened under.
   */
  agent?: http.Agent;
};
export type OutboundResponse = { status: number; headers: http.IncomingHttpHeaders; text: string; truncated?: boolean };

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;

/** Parses and vets a user-supplied URL; `webcal:` (how calendar apps publish feeds) means https. */
export function parseUserUrl(raw: string, allowPrivateNetwork: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw.replace(/^webcals?:\/\//i, "https://"));
  } catch {
    throw new OutboundUrlError("Not a valid URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new OutboundUrlError("Only http, https and webcal URLs are supported");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (net.isIP(host) && !allowPrivateNetwork && !isPublicAddress(host)) {
    throw new OutboundUrlError(`${host} is a private or reserved address; ${PRIVATE_NETWORK_HINT}`);
  }
  return url;
}

/** A URL keeps `%ZZ` in its user name or password as typed: a clear refusal, not a URIError. */
function decodeUserInfo(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw new OutboundUrlError("The user name or password in the URL has a malformed percent-escape");
  }
}

/** One request, no redirects followed; rejects with OutboundUrlError for refused addresses, timeouts and oversize bodies. */
export async function requestUserUrl(rawUrl: string | URL, init: OutboundRequest): Promise<OutboundResponse> {
  try {
    return await requestOnce(rawUrl, init);
  } catch (error) {
    // A kept-alive socket the server closed just as we reused it: nothing was answered, so send once more on a new one.
    if (!(error instanceof StaleSocketError)) throw error;
    return requestOnce(rawUrl, { ...init, agent: undefined });
  }
}

class StaleSocketError extends Error {}

async function requestOnce(rawUrl: string | URL, init: OutboundRequest): Promise<OutboundResponse> {
  const url = parseUserUrl(typeof rawUrl === "string" ? rawUrl : rawUrl.href, init.allowPrivateNetwork);
  const maxBytes = init.maxBytes ?? DEFAULT_MAX_BYTES;
  const client = url.protocol === "https:" ? https : http;
  const headers: Record<string, string> = { "user-agent": "Convene-Calendar/1.0", ...init.headers };
  if (url.username || url.password) {
    headers.authorization ??= `Basic ${Buffer.from(`${decodeUserInfo(url.username)}:${decodeUserInfo(url.password)}`).toString("base64")}`;
  }
  if (init.body !== undefined) headers["content-length"] = String(Buffer.byteLength(init.body));
  return new Promise((resolve, reject) => {
    const request = client.request(
      {
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[|\]$/g, ""),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: init.method ?? "GET",
        headers,
        lookup: checkedLookup(init.allowPrivateNetwork, init.resolve ?? systemResolve) as unknown as net.LookupFunction,
        // Without a caller's agent, a fresh connection each time: a pool shared with other callers could hold sockets
        // opened under another policy.
        agent: init.agent ?? false,
        signal: AbortSignal.timeout(init.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const answer = (truncated?: boolean) => ({
          status: response.statusCode ?? 0,
          headers: response.headers,
          text: Buffer.concat(chunks).toString("utf8"),
          truncated,
        });
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes && init.onOversize === "truncate") {
            chunks.push(chunk.subarray(0, chunk.length - (size - maxBytes)));
            resolve(answer(true));
            response.destroy();
            return;
          }
          if (size > maxBytes) {
            response.destroy();
            reject(new OutboundUrlError(`The response from ${url.host} is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`));
            return;
          }
          chunks.push(chunk);
        });
        response.on("end", () => resolve(answer()));
        response.on("error", (error) => reject(asOutboundError(error, url)));
      },
    );
    request.on("error", (error) => {
      const code = (error as NodeJS.ErrnoException).code;
      if (request.reusedSocket && (code === "ECONNRESET" || code === "EPIPE")) reject(new StaleSocketError(code));
      else reject(asOutboundError(error, url));
    });
    request.end(init.body);
  });
}

function asOutboundError(error: Error, url: URL): Error {
  if (error instanceof OutboundUrlError) return error;
  if (error.name === "AbortError" || error.name === "TimeoutError") return new OutboundUrlError(`${url.host} did not answer in time`);
  const code = (error as NodeJS.ErrnoException).code;
  return new OutboundUrlError(`Could not reach ${url.host}${code ? ` (${code})` : ""}`);
}
