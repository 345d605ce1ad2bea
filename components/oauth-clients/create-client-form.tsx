"use client";
import { ZCreateClientInput } from "@/server/oauth/oauth-client.schemas";
import { useZodForm } from "../form/form";
import { useFormMutation } from "../form/use-form-mutation";
import { useTRPC } from "../trpc/client";
import { ClientForm } from "./client-form";
import type { TCreatedClient } from "./types";

export function CreateClientForm({ onCreated, onCancel }: { onCreated: (created: TCreatedClient) => void; onCancel: () => void }) {
  const trpc = useTRPC();
  const form = useZodForm(ZCreateClientInput, {
    defaultValues: { name: "", logoUrl: "", websiteUrl: "", redirectUris: [""], scopes: [], purpose: "", type: "CONFIDENTIAL" },
    mode: "onSubmit",
  });
  const create = useFormMutation(form, trpc.oauthClients.create.mutationOptions(), {
    invalidates: [trpc.oauthClients.list.queryKey()],
    onSuccess: onCreated,
  });
  return (
    <ClientForm
      form={form}
      heading="Register an OAuth client"
      hasTypeField
      submitLabel="Register client"
      isPending={create.isPending}
      onSubmit={(values) => create.mutate(values)}
      onCancel={onCancel}
    />
  );
}
