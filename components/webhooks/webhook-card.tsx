"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "../trpc/client";
import { describeError } from "../trpc/errors";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import type { TWebhookListing, TWebhookOwner } from "./types";
import { WebhookDeliveries } from "./webhook-deliveries";
import { WebhookForm } from "./webhook-form";

/** One webhook (of the account, an event type or a team event type: `owner`): its state, and edit, pause/resume, send test, deliveries and delete. */
export function WebhookCard({ webhook, owner }: { webhook: TWebhookListing; owner: TWebhookOwner }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.webhooks.list.queryKey() }),
      // An organization's card sits in its own list (/settings/organizations/{orgId}).
      queryClient.invalidateQueries({ queryKey: trpc.webhooks.organizationList.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.webhooks.deliveries.queryKey({ id: webhook.id, owner }) }),
    ]);
  const update = useMutation(trpc.webhooks.update.mutationOptions({ meta: { showsError: true }, onSuccess: refresh }));
  const remove = useMutation(trpc.webhooks.delete.mutationOptions({ meta: { showsError: true }, onSuccess: refresh }));
  const sendTest = useMutation(trpc.webhooks.sendTest.mutationOptions({ meta: { showsError: true }, onSettled: refresh }));
  const [panel, setPanel] = useState<"none" | "edit" | "deliveries">("none");
  const failure = update.error ?? remove.error ?? sendTest.error;
  const state = webhook.disabledAt ? `Disabled: ${webhook.disabledReason ?? ""}` : webhook.active ? "Active" : "Paused";

  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" aria-label={`Webhook ${webhook.subscriberUrl}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-mono text-sm break-all">{webhook.subscriberUrl}</p>
          <p className="mt-1 text-xs text-slate-600">{webhook.triggers.join(", ")}</p>
          <p className="mt-1 text-xs font-medium" data-testid="webhook-state">
            {state}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setPanel(panel === "edit" ? "none" : "edit")}>
            Edit
          </Button>
          <Button
            variant="secondary"
            disabled={update.isPending}
            onClick={() => update.mutate({ id: webhook.id, owner, changes: { active: !webhook.active } })}
          >
            {webhook.active ? "Pause" : "Resume"}
          </Button>
          <Button
            variant="secondary"
            disabled={sendTest.isPending}
            onClick={() => sendTest.mutate({ id: webhook.id, owner }, { onSuccess: () => setPanel("deliveries") })}
          >
            {sendTest.isPending ? "Sending…" : "Send test event"}
          </Button>
          <Button variant="secondary" onClick={() => setPanel(panel === "deliveries" ? "none" : "deliveries")}>
            Deliveries
          </Button>
          <Button variant="danger" disabled={remove.isPending} onClick={() => remove.mutate({ id: webhook.id, owner })}>
            Delete
          </Button>
        </div>
      </div>
      {failure && <Alert>{describeError(failure).message}</Alert>}
      {sendTest.data && (
        <p role="status" className="mt-2 text-sm">
          Test event: {sendTest.data.status === null ? `no answer (${sendTest.data.response})` : `answered ${sendTest.data.status}`}
        </p>
      )}
      {panel === "edit" && (
        <div className="mt-4 border-t border-slate-200 pt-4">
          <WebhookForm
            initial={webhook}
            submitLabel="Save changes"
            onSubmit={async (changes) => {
              await update.mutateAsync({ id: webhook.id, owner, changes });
              setPanel("none");
            }}
          />
        </div>
      )}
      {panel === "deliveries" && (
        <div className="mt-4 border-t border-slate-200 pt-4">
          <WebhookDeliveries webhookId={webhook.id} owner={owner} />
        </div>
      )}
    </li>
  );
}
