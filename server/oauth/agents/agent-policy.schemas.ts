/** The agent policy's input, shared by the admin's form and the procedure (no server imports: the form bundles it). */
import { z } from "zod";

export const AGENT_POLICIES = ["REVIEW_EACH", "ALLOWED_DOMAINS", "USER_SCOPES"] as const;

const ZDomain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/, "Enter a host name such as agents.example.com");

/** The domains as the settings form sends them (one per line or comma-separated) or as a list. */
export const ZAgentPolicyInput = z.object({
  policy: z.enum(AGENT_POLICIES),
  domains: z
    .union([z.string().transform((text) => text.split(/[\s,]+/).filter(Boolean)), z.array(z.string())])
    .pipe(z.array(ZDomain).max(100, "At most 100 domains"))
    .transform((domains) => [...new Set(domains)].sort()),
});
export type TAgentPolicyInput = z.input<typeof ZAgentPolicyInput>;
export type AgentPolicySettings = z.output<typeof ZAgentPolicyInput>;
