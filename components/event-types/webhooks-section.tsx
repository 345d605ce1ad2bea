"use client";
/**
 * This event type's webhooks: the existing webhook components (components/webhooks), fed with this event type's
 * group of the site's webhook list; created through the same use case /v2/event-types/{id}/webhooks calls.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { WebhookCard } from "../webhooks/webhook-card";
import { WebhookForm } from "../webhooks/webhook-form";
import { useTRPC } from "../trpc/client";
import { describeError } from "../trpc/errors";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";

export function WebhooksSection({ eventTypeId, teamId }: { eventTypeId: number; teamId: number | null }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.webhooks.list.queryOptions());
  const group = list.data?.find(
    (candidate) => (candidate.owner.kind === "eventType" || candidate.owner.kind === "teamEventType") && candidate.owner.eventTypeId === eventTypeId,
  );
  const create = useMutation(
    trpc.eventTypes.createWebhook.mutationOptions({
      meta: { showsError: true },
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.list.queryKey() }),
    }),
  );
  // Held in memory only: the signing secret is shown once.
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <div className="space-y-6">
      <section aria-labelledby="event-type-webhook-heading" className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        <h3 id="event-type-webhook-heading" className="mb-4 text-base font-semibold">
          New webhook for this event type
        </h3>
        <WebhookForm
          submitLabel="Create webhook"
          onSubmit={async (body) => setSecret((await create.mutateAsync({ eventTypeId, teamId, body })).secret ?? null)}
        />
      </section>
      {secret && (
        <section aria-labelledby="event-type-webhook-secret" className="rounded-lg border border-emerald-300 bg-emerald-50 p-4">
          <h3 id="event-type-webhook-secret" className="font-semibold text-emerald-950">
            Webhook created
          </h3>
          <p className="mt-1 text-sm text-emerald-900">
            Its signing secret, shown once: <code className="font-mono break-all">{secret}</code>
          </p>
          <Button className="mt-3" onClick={() => setSecret(null)}>
            I have saved it
          </Button>
        </section>
      )}
      {list.error && <Alert>{describeError(list.error).message}</Alert>}
      {list.data && !group && <p className="text-sm text-slate-600">No webhooks for this event type yet.</p>}
      {group && (
        <ul aria-label="Webhooks of this event type" className="space-y-4">
          {group.webhooks.map((webhook) => (
            <WebhookCard key={webhook.id} webhook={webhook} owner={group.owner} />
          ))}
        </ul>
      )}
    </div>
  );
}
