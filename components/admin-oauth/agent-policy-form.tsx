"use client";
/** How new AI agents' OAuth clients are reviewed (server/oauth/agents/agent-policy.ts; docs/mcp.md explains each choice). */
import { useQuery } from "@tanstack/react-query";
import { ZAgentPolicyInput, type AgentPolicySettings } from "@/server/oauth/agents/agent-policy.schemas";
import { SelectField, TextareaField } from "../form/fields";
import { Form, SubmitButton, useZodForm } from "../form/form";
import { useFormMutation } from "../form/use-form-mutation";
import { useTRPC } from "../trpc/client";
import { describeError } from "../trpc/errors";
import { Alert } from "../ui/alert";

const POLICY_OPTIONS = [
  { value: "REVIEW_EACH", label: "Review each new agent" },
  { value: "ALLOWED_DOMAINS", label: "Accept agents from the listed domains; review the others" },
  { value: "USER_SCOPES", label: "Accept listed domains fully, any other agent for personal scopes only" },
] as const;

export function AgentPolicyForm() {
  const trpc = useTRPC();
  const current = useQuery(trpc.oauthReview.agentPolicy.queryOptions());
  if (current.isPending) return <p className="text-sm text-slate-600">Loading the agent policy…</p>;
  if (current.isError) return <Alert>{describeError(current.error).message}</Alert>;
  return <PolicyForm settings={current.data} />;
}

function PolicyForm({ settings }: { settings: AgentPolicySettings }) {
  const trpc = useTRPC();
  const form = useZodForm(ZAgentPolicyInput, { defaultValues: { policy: settings.policy, domains: settings.domains.join("\n") } });
  const save = useFormMutation(form, trpc.oauthReview.setAgentPolicy.mutationOptions(), {
    success: "Agent policy saved",
    invalidates: [trpc.oauthReview.agentPolicy.queryKey()],
  });
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="agent-policy-heading" className="text-lg font-semibold">
        AI agents
      </h2>
      <p className="mt-2 max-w-prose text-sm text-slate-600">
        Agents connect through Convene&apos;s MCP server and identify themselves with a metadata document or by registering. Choose how a new one is reviewed;
        each user still approves every agent on the consent page.
      </p>
      <Form form={form} aria-labelledby="agent-policy-heading" className="mt-4 space-y-4" onSubmit={(input) => save.mutate(input)}>
        <SelectField name="policy" label="New agents" options={POLICY_OPTIONS} />
        <TextareaField
          name="domains"
          label="Trusted agent domains"
          hint="One host name per line, e.g. agents.example.com (its subdomains count too)"
          rows={3}
        />
        <SubmitButton pending={save.isPending} pendingLabel="Saving…">
          Save agent policy
        </SubmitButton>
      </Form>
    </section>
  );
}
