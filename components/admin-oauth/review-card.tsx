"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { ClientDetails } from "../oauth-clients/client-details";
import { ClientLogo } from "../oauth-clients/client-logo";
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
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.oauthReview.list.queryKey() }),
    }),
  );

  return (
    <article aria-labelledby={headingId} className="space-y-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex items-center gap-3">
          <ClientLogo name={client.name} logoUrl={client.logoUrl} />
          <div>
            <h3 id={headingId} className="text-lg font-semibold">
              {client.name}
            </h3>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
              {TYPE_LABELS[client.type]} client by {client.owner.email} <StatusBadge status={client.status} />
            </p>
          </div>
        </div>
        {client.status === "PENDING" && (
          <div className="flex gap-2">
            <Button disabled={accept.isPending} onClick={() => accept.mutate({ clientId: client.id, decision: "ACCEPT" })}>
              {accept.isPending ? "Accepting…" : "Accept"}
              <span className="sr-only"> {client.name}</span>
            </Button>
            <Button variant="danger" onClick={() => setIsRejecting(true)}>
              Reject<span className="sr-only"> {client.name}</span>
            </Button>
          </div>
        )}
      </header>
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
