/**
 * Where a webhook may send: the rules of every user-supplied URL (server/security/outbound-http.ts: no private,
 * loopback, link-local or metadata address, checked here when the webhook is saved and again when each delivery
 * connects, after its own DNS resolution), plus https only. Plain http is accepted for loopback alone, and only
 * when ALLOW_PRIVATE_NETWORK_URLS=true (local development and the tests' receiver).
 */
import net from "node:net";
import { env } from "../env";
import { AppError } from "../errors";
import { OutboundUrlError, resolvePublicAddresses, systemResolve, type ResolveHost } from "../security/outbound-http";

export type UrlPolicy = { allowPrivateNetwork: boolean; resolve: ResolveHost };

export const defaultUrlPolicy = (): UrlPolicy => ({ allowPrivateNetwork: env().ALLOW_PRIVATE_NETWORK_URLS, resolve: systemResolve });

const isLoopbackHost = (host: string) => host === "localhost" || host === "::1" || (net.isIPv4(host) && host.startsWith("127."));

/** The reason `raw` may not be a subscriber URL, or null. Resolves the host name once. */
export async function subscriberUrlProblem(raw: string, policy: UrlPolicy): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "Not a valid URL";
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (url.protocol === "http:") {
    if (!(policy.allowPrivateNetwork && isLoopbackHost(host))) return "Must be an https URL (http only for loopback when ALLOW_PRIVATE_NETWORK_URLS=true)";
  } else if (url.protocol !== "https:") {
    return "Must be an https URL";
  }
  if (url.username || url.password) return "Must not carry a user name or password";
  try {
    await resolvePublicAddresses(host, policy.allowPrivateNetwork, policy.resolve);
  } catch (error) {
    return error instanceof OutboundUrlError ? error.message : `${host} does not resolve`;
  }
  return null;
}

export async function assertSubscriberUrl(raw: string, policy: UrlPolicy = defaultUrlPolicy(), path = "body.subscriberUrl"): Promise<void> {
  const problem = await subscriberUrlProblem(raw, policy);
  if (problem) throw new AppError("BAD_REQUEST", `subscriberUrl: ${problem}`, [{ path, message: problem }]);
}
