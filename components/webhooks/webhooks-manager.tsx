"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "../trpc/client";
import { describeError } from "../trpc/errors";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import type { TCreatedWebhook } from "./types";
import { WebhookCard } from "./webhook-card";
import { WebhookForm } from "./webhook-form";

export function WebhooksManager() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const webhooks = useQuery(trpc.webhooks.list.queryOptions());
  const create = useMutation(
    trpc.webhooks.create.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.list.queryKey() }) }),
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
      {created?.secret && (
        <section aria-labelledby="new-secret-heading" className="rounded-lg border border-emerald-300 bg-emerald-50 p-6">
          <h2 id="new-secret-heading" className="text-lg font-semibold text-emerald-950">
            Webhook created
          </h2>
          <p className="mt-2 text-sm text-emerald-900">
            Its signing secret, for verifying deliveries (Standard Webhooks). <strong>You will not see it again.</strong>
          </p>
          <label htmlFor="new-webhook-secret" className="sr-only">
            Signing secret
          </label>
          <input
            id="new-webhook-secret"
            readOnly
            value={created.secret}
            className="mt-3 w-full rounded-md border border-emerald-300 bg-white px-3 py-2 font-mono text-sm"
          />
          <Button className="mt-3" onClick={() => setCreated(null)}>
            I have saved it
          </Button>
        </section>
      )}
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
