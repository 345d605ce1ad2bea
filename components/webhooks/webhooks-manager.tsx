"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "../trpc/client";
import { describeError } from "../trpc/errors";
import { Alert } from "../ui/alert";
import type { TCreatedWebhook } from "./types";
import { WebhookCard } from "./webhook-card";
import { WebhookForm } from "./webhook-form";
import { NewWebhookSecret } from "./new-webhook-secret";

export function WebhooksManager() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const webhooks = useQuery(trpc.webhooks.list.queryOptions());
  const create = useMutation(
    trpc.webhooks.create.mutationOptions({
      meta: { showsError: true },
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.list.queryKey() }),
    }),
  );
  // The account's group is always listed by the server; a group is shown here only when it has webhooks.
  const groups = webhooks.data?.filter((group) => group.webhooks.length > 0) ?? [];
  // Held in memory only: the secret is shown once, as the page says.
  const [created, setCreated] = useState<TCreatedWebhook | null>(null);

  return (
    <div className="space-y-8">
      <section aria-labelledby="create-webhook-heading" className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="create-webhook-heading" className="mb-4 text-lg font-semibold">
          Create an account webhook
        </h2>
        <WebhookForm submitLabel="Create webhook" onSubmit={async (values) => setCreated(await create.mutateAsync(values))} />
      </section>
      {created?.secret && <NewWebhookSecret secret={created.secret} onSaved={() => setCreated(null)} headingLevel="h2" />}
      <section aria-labelledby="your-webhooks-heading">
        <h2 id="your-webhooks-heading" className="mb-3 text-lg font-semibold">
          Your webhooks
        </h2>
        {webhooks.isPending ? (
          <p className="text-sm text-slate-600">Loading your webhooks…</p>
        ) : webhooks.isError ? (
          <Alert>{describeError(webhooks.error).message}</Alert>
        ) : groups.length === 0 ? (
          <p className="text-sm text-slate-600">You have no webhooks yet.</p>
        ) : (
          <div className="space-y-6">
            {groups.map((group) => (
              <section key={group.key} aria-label={group.label}>
                <h3 className="mb-2 text-sm font-semibold text-slate-700">{group.label}</h3>
                <ul className="space-y-4">
                  {group.webhooks.map((webhook) => (
                    <WebhookCard key={webhook.id} webhook={webhook} owner={group.owner} />
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
