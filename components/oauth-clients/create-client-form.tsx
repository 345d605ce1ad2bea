"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ZCreateClientInput } from "@/server/oauth/oauth-client.schemas";
import { useTRPC } from "../trpc/client";
import { ClientForm } from "./client-form";
import type { TCreatedClient } from "./types";

const EMPTY = { name: "", logoUrl: "", websiteUrl: "", redirectUris: [""], scopes: [], purpose: "", type: "CONFIDENTIAL" };

export function CreateClientForm({ onCreated, onCancel }: { onCreated: (created: TCreatedClient) => void; onCancel: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const create = useMutation(
    trpc.oauthClients.create.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.oauthClients.list.queryKey() }),
    }),
  );
  return (
    <ClientForm
      heading="Register an OAuth client"
      initial={EMPTY}
      schema={ZCreateClientInput}
      hasTypeField
      submitLabel="Register client"
      onSubmit={async (draft) => onCreated(await create.mutateAsync({ ...draft, type: draft.type === "PUBLIC" ? "PUBLIC" : "CONFIDENTIAL" }))}
      onCancel={onCancel}
    />
  );
}
