/**
 * Who is calling, from the socket and the proxies we trust. TRUST_PROXY is the number of proxies in front
 * of Convene (default 0): each one appends the address it saw to X-Forwarded-For, so only the last
 * TRUST_PROXY entries were written by someone we trust; everything left of them is whatever the caller
 * sent. The HTTP server (server/bin/next-server.ts) computes the address once per request with this and
 * replaces the caller's header with it, so the app reads one value no client can choose.
 */
import net from "node:net";

/** TRUST_PROXY as a hop count; anything but a non-negative integer stops the server at start-up. */
export function trustedProxyHops(value: string | undefined): number {
  if (value === undefined || value.trim() === "") return 0;
  if (!/^\d+$/.test(value.trim())) throw new Error(`TRUST_PROXY must be the number of trusted proxy hops (0, 1, 2, …), not "${value}"`);
  return Number(value.trim());
}

/** `::ffff:127.0.0.1` (an IPv4 peer on a dual-stack socket) is 127.0.0.1. */
function normalized(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

/**
 * The caller's address: the socket peer when no proxy is trusted, else the entry `trustedHops` steps left
 * of the socket in `X-Forwarded-For, socket`. A chain shorter than that (a request that bypassed some
 * proxies) yields its leftmost entry, as the furthest hop anyone reported.
 */
export function clientAddressBehindProxies(forwardedFor: string | string[] | undefined, socketAddress: string | undefined, trustedHops: number): string {
  const socket = socketAddress ? normalized(socketAddress) : "unknown";
  if (trustedHops === 0) return socket;
  const forwarded = [forwardedFor ?? []]
    .flat()
    .flatMap((value) => value.split(","))
    .map((entry) => entry.trim())
    .filter(Boolean);
  const chain = [...forwarded, socket];
  const address = chain[Math.max(0, chain.length - 1 - trustedHops)]!;
  return net.isIP(normalized(address)) ? normalized(address) : "unknown";
}
