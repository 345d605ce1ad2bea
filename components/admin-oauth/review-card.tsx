"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { ClientDetails } from "../oauth-clients/client-details";
import { AppCardHeader } from "../oauth-clients/app-card-header";
import { StatusBadge, TYPE_LABELS } from "../oauth-clients/status-badge";
import { useTRPC } from "../trpc/client";
import { describeError } from "../trpc/errors";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { RejectClientDialog } from "./reject-client-dialog";
import type { TReviewClient } from "./types";

export function ReviewCard({ client }: { client: TReviewClient }) {
  const headingId = useId();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [isRejecting, setIsRejecting] = useState(false);
  const accept = useMutation(
    trpc.oauthReview.review.mutationOptions({
      meta: { showsError: true },
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.oauthReview.list.queryKey() }),
    }),
  );

  return (
    <article aria-labelledby={headingId} className="space-y-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <AppCardHeader
        app={client}
        headingId={headingId}
        headingLevel={3}
        subtitle={
          <>
            {TYPE_LABELS[client.type]} client by {client.owner?.email ?? "an AI agent (self-registered)"} <StatusBadge status={client.status} />
          </>
        }
        actions={
          client.status === "PENDING" && (
            <div className="flex gap-2">
              <Button disabled={accept.isPending} onClick={() => accept.mutate({ clientId: client.id, decision: "ACCEPT" })}>
                {accept.isPending ? "Accepting…" : "Accept"}
                <span className="sr-only"> {client.name}</span>
              </Button>
              <Button variant="danger" onClick={() => setIsRejecting(true)}>
                Reject<span className="sr-only"> {client.name}</span>
              </Button>
            </div>
          )
        }
      />
      {accept.error && <Alert>{describeError(accept.error).message}</Alert>}
      {client.status === "REJECTED" && client.rejectionReason && <p className="text-sm text-slate-700">Rejection reason: {client.rejectionReason}</p>}
      <p className="text-sm">
        <span className="font-medium text-slate-700">Client ID</span> <code className="break-all font-mono text-xs">{client.id}</code>
      </p>
      <ClientDetails client={client} />
      <RejectClientDialog client={client} isOpen={isRejecting} onClose={() => setIsRejecting(false)} />
    </article>
  );
}
