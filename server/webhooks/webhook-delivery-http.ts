/**
 * Kept-alive connections for webhook deliveries. A subscriber usually gets many messages in a row (ten webhooks of
 * a busy event type, a burst of bookings), and opening a connection per message cost more than the POST itself. So
 * deliveries share, per URL policy, one keep-alive agent per protocol with at most CONNECTIONS_PER_ORIGIN sockets to
 * each origin (more requests to one origin queue for a free socket: a receiver is not flooded).
 *
 * The address check of server/security/outbound-http.ts runs when a socket is opened, so a reused socket is one whose
 * address was checked; the pool is keyed by the policy (allowPrivateNetwork, resolve) a socket was opened under.
 */
import http from "node:http";
import https from "node:https";
import type { UrlPolicy } from "./webhook-url";

export const CONNECTIONS_PER_ORIGIN = 8;
/** Shorter than the 5 s most servers (Node's default among them) keep an idle connection: we close first. */
const IDLE_SOCKET_MS = 4_000;

type Agents = { http: http.Agent; https: https.Agent };

const options = { keepAlive: true, maxSockets: CONNECTIONS_PER_ORIGIN, maxFreeSockets: CONNECTIONS_PER_ORIGIN, timeout: IDLE_SOCKET_MS };
const newAgents = (): Agents => ({ http: new http.Agent(options), https: new https.Agent(options) });

// On globalThis: Next.js may load this module once per route bundle, and the server process once more.
const holder = globalThis as unknown as { conveneWebhookAgents?: WeakMap<UrlPolicy["resolve"], Map<boolean, Agents>> };
const pools = (holder.conveneWebhookAgents ??= new WeakMap());

/** The agent for a delivery to `url` under `policy`. */
export function keepAliveAgentFor(url: string, policy: UrlPolicy): http.Agent {
  let byPrivate = pools.get(policy.resolve);
  if (!byPrivate) pools.set(policy.resolve, (byPrivate = new Map()));
  let agents = byPrivate.get(policy.allowPrivateNetwork);
  if (!agents) byPrivate.set(policy.allowPrivateNetwork, (agents = newAgents()));
  return /^https:/i.test(url) ? agents.https : agents.http;
}
