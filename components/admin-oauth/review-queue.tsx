"use client";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { describeError } from "../trpc/errors";
import { Alert } from "../ui/alert";
import { ReviewCard } from "./review-card";
import { isForbidden, type TReviewClient } from "./types";

function ClientGroup({ id, title, empty, clients }: { id: string; title: string; empty: string; clients: TReviewClient[] }) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <h2 id={id} className="text-lg font-semibold">
        {title} <span className="text-sm font-normal text-slate-500">({clients.length})</span>
      </h2>
      {clients.length === 0 ? <p className="text-sm text-slate-600">{empty}</p> : clients.map((client) => <ReviewCard key={client.id} client={client} />)}
    </section>
  );
}

export function ReviewQueue() {
  const trpc = useTRPC();
  const clients = useQuery(trpc.oauthReview.list.queryOptions());
  if (clients.isPending) return <p className="text-sm text-slate-600">Loading OAuth clients…</p>;
  if (clients.isError) {
    return <Alert>{isForbidden(clients.error) ? "You need administrator rights to review OAuth clients." : describeError(clients.error).message}</Alert>;
  }
  const pending = clients.data.filter((client) => client.status === "PENDING");
  const reviewed = clients.data.filter((client) => client.status !== "PENDING");
  return (
    <div className="space-y-10">
      <ClientGroup id="pending-heading" title="Waiting for review" empty="No client is waiting for review." clients={pending} />
      <ClientGroup id="reviewed-heading" title="Reviewed" empty="No client has been reviewed yet." clients={reviewed} />
    </div>
  );
}
