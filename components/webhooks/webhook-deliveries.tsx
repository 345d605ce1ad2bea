"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { describeError } from "../trpc/errors";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { formatDateTime } from "../ui/format";
import { TableHead } from "../ui/table-head";
import type { TWebhookOwner } from "./types";
import { ScrollRegion } from "../ui/table-frame";

const CELL = "px-3 py-2 text-left align-top";

/** The webhook's last attempts, newest first, each with "Redeliver" (a new attempt of its message, same webhook-id). */
export function WebhookDeliveries({ webhookId, owner }: { webhookId: number; owner: TWebhookOwner }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const deliveries = useQuery(trpc.webhooks.deliveries.queryOptions({ id: webhookId, owner }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.deliveries.queryKey({ id: webhookId, owner }) });
  const redeliver = useMutation(trpc.webhooks.redeliver.mutationOptions({ meta: { showsError: true }, onSettled: refresh }));

  if (deliveries.isPending) return <p className="text-sm text-slate-600">Loading deliveries…</p>;
  if (deliveries.isError) return <Alert>{describeError(deliveries.error).message}</Alert>;
  if (deliveries.data.length === 0) return <p className="text-sm text-slate-600">No deliveries yet.</p>;
  return (
    <ScrollRegion label="Table of deliveries">
      {redeliver.isError && <Alert>{describeError(redeliver.error).message}</Alert>}
      <table className="w-full text-xs">
        <caption className="sr-only">Deliveries</caption>
        <TableHead
          headings={["Time", "Trigger", "Attempt", "Status", "Duration", "Response"]}
          cellClassName={CELL}
          className="bg-slate-50 uppercase tracking-wide text-slate-600"
        />
        <tbody>
          {deliveries.data.map((delivery) => (
            <tr key={delivery.id} className="border-t border-slate-200" data-testid="delivery-row">
              <td className={CELL}>{formatDateTime(delivery.startedAt)}</td>
              <td className={`${CELL} font-mono`}>{delivery.trigger}</td>
              <td className={CELL}>{delivery.attempt}</td>
              <td className={CELL}>{delivery.status ?? "no answer"}</td>
              <td className={CELL}>{delivery.durationMs} ms</td>
              <td className={`${CELL} max-w-xs truncate font-mono`} title={delivery.response}>
                {delivery.response.slice(0, 120)}
              </td>
              <td className={CELL}>
                <Button
                  variant="secondary"
                  disabled={redeliver.isPending}
                  onClick={() => redeliver.mutate({ id: webhookId, owner, messageId: delivery.messageId })}
                >
                  Redeliver
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
