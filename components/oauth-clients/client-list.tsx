"use client";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { describeError } from "../trpc/errors";
import { Alert } from "../ui/alert";
import { ClientCard } from "./client-card";

export function ClientList() {
  const trpc = useTRPC();
  const clients = useQuery(trpc.oauthClients.list.queryOptions());
  if (clients.isPending) return <p className="text-sm text-slate-600">Loading your OAuth clients…</p>;
  if (clients.isError) return <Alert>{describeError(clients.error).message}</Alert>;
  if (clients.data.length === 0) return <p className="text-sm text-slate-600">You have not registered any OAuth clients yet.</p>;
  return (
    <div className="space-y-6">
      {clients.data.map((client) => (
        <ClientCard key={client.id} client={client} />
      ))}
    </div>
  );
}
