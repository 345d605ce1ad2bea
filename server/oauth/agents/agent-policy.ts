/**
 * How a new agent client (a Client ID Metadata Document or a dynamic registration) meets the spec's rule that an OAuth
 * client is reviewed by an admin before it can be used. The admin reviews once, for a class of clients, by choosing
 * a policy (docs/mcp.md argues each against the spec's text):
 * - REVIEW_EACH: every new agent client waits for an admin's review, as a developer's client does.
 * - ALLOWED_DOMAINS: clients identified under a domain the admin listed are accepted for every scope;
 *   any other waits for review.
 * - USER_SCOPES (the default): listed domains as above; any other client is accepted for user-level scopes only
 *   (the consenting user's own data), never a team's or an organization's without review.
 */
import { ZAgentPolicyInput, type AgentPolicySettings, type TAgentPolicyInput } from "./agent-policy.schemas";
import type { Actor } from "../../auth/actor";
import { ALL_SCOPES, SCOPES, type Scope } from "../../auth/scopes";
import { db } from "../../db/client";
import { AppError } from "../../errors";

export async function getAgentPolicy(): Promise<AgentPolicySettings> {
  const row = await db.instanceSettings.findUnique({ where: { id: 1 }, select: { agentClientPolicy: true, agentClientDomains: true } });
  return { policy: row?.agentClientPolicy ?? "USER_SCOPES", domains: row?.agentClientDomains ?? [] };
}

export async function setAgentPolicy(actor: Actor, input: TAgentPolicyInput): Promise<AgentPolicySettings> {
  const admin = await db.user.findUnique({ where: { id: actor.userId }, select: { role: true } });
  if (admin?.role !== "ADMIN") throw new AppError("FORBIDDEN", "Only an administrator can change how agents are reviewed");
  const { policy, domains } = ZAgentPolicyInput.parse(input);
  await db.instanceSettings.upsert({
    where: { id: 1 },
    create: { id: 1, agentClientPolicy: policy, agentClientDomains: domains },
    update: { agentClientPolicy: policy, agentClientDomains: domains },
  });
  return { policy, domains };
}

/** `host` is a listed domain or under one (`calendar.agents.example.com` is under `agents.example.com`). */
export const isUnderListedDomain = (host: string, domains: readonly string[]) => {
  const name = host.toLowerCase();
  return domains.some((domain) => name === domain || name.endsWith(`.${domain}`));
};

export type AgentClientDecision = { status: "ACCEPTED" | "PENDING"; scopes: Scope[] };

const USER_LEVEL = ALL_SCOPES.filter((scope) => SCOPES[scope].level === "user");

/**
 * The status and scope ceiling of a new agent client. `hosts` identify it: its metadata document's host, or, for a
 * dynamic registration, the hosts of its redirect URIs (where its codes can go). The ceiling is what users may be
 * asked for, not what they grant: an agent registers with the scopes of its first challenge and asks for more later
 * (step-up), so what it named at registration does not limit it; the policy does.
 */
export function decideAgentClient(settings: AgentPolicySettings, hosts: readonly string[]): AgentClientDecision {
  const listed = hosts.length > 0 && hosts.every((host) => isUnderListedDomain(host, settings.domains));
  if (settings.policy !== "REVIEW_EACH" && listed) return { status: "ACCEPTED", scopes: [...ALL_SCOPES] };
  if (settings.policy === "USER_SCOPES") return { status: "ACCEPTED", scopes: [...USER_LEVEL] };
  return { status: "PENDING", scopes: [...ALL_SCOPES] };
}
