"use client";
/**
 * The organization's webhooks (/v2/organizations/{orgId}/webhooks' use cases: they hear of every booking of its teams
 * and members), for its owners and admins (org.webhooks.read / write): the account page's form and cards.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "../trpc/client";
import { describeError } from "../trpc/errors";
import { Alert } from "../ui/alert";
import type { TCreatedWebhook, TWebhookOwner } from "../webhooks/types";
import { WebhookCard } from "../webhooks/webhook-card";
import { WebhookForm } from "../webhooks/webhook-form";
import { NewWebhookSecret } from "../webhooks/new-webhook-secret";

export function OrganizationWebhooks({ orgId, canManage }: { orgId: number; canManage: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const owner: TWebhookOwner = { kind: "organization", orgId };
  const webhooks = useQuery(trpc.webhooks.organizationList.queryOptions({ orgId }));
  const create = useMutation(
    trpc.webhooks.organizationCreate.mutationOptions({
      meta: { showsError: true },
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.organizationList.queryKey({ orgId }) }),
    }),
  );
  // Held in memory only: the secret is shown once.
  const [created, setCreated] = useState<TCreatedWebhook | null>(null);
  return (
    <div className="space-y-6">
      {canManage && (
        <section aria-labelledby="create-org-webhook-heading" className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
          <h3 id="create-org-webhook-heading" className="mb-4 text-lg font-semibold">
            Create an organization webhook
          </h3>
          <WebhookForm submitLabel="Create webhook" onSubmit={async (body) => setCreated(await create.mutateAsync({ orgId, body }))} />
        </section>
      )}
      {created?.secret && <NewWebhookSecret secret={created.secret} onSaved={() => setCreated(null)} headingLevel="h3" />}
      {webhooks.isPending ? (
        <p className="text-sm text-slate-600">Loading webhooks…</p>
      ) : webhooks.isError ? (
        <Alert>{describeError(webhooks.error).message}</Alert>
      ) : webhooks.data.length === 0 ? (
        <p className="text-sm text-slate-600">The organization has no webhooks yet.</p>
      ) : (
        <ul className="space-y-4" aria-label="Organization webhooks">
          {webhooks.data.map((webhook) => (
            <WebhookCard key={webhook.id} webhook={webhook} owner={owner} />
          ))}
        </ul>
      )}
    </div>
  );
}
