"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ZCreateClientInput } from "@/server/oauth/oauth-client.schemas";
import { useTRPC } from "../trpc/client";
import { describeError, fieldErrorsOf } from "../trpc/errors";
import type { TClientDraft } from "./client-draft";
import { ClientForm } from "./client-form";
import type { TCreatedClient } from "./types";

const EMPTY: TClientDraft = { name: "", logoUrl: "", websiteUrl: "", redirectUris: [""], scopes: [], purpose: "" };
export const CORRECT_FIELDS = "Please correct the highlighted fields";

export function CreateClientForm({ onCreated, onCancel }: { onCreated: (created: TCreatedClient) => void; onCancel: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const create = useMutation(
    trpc.oauthClients.create.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.oauthClients.list.queryKey() }),
    }),
  );

  async function submit(draft: TClientDraft, type: string | null) {
    // The procedure's own schema: the form shows the very messages the server would send.
    const checked = ZCreateClientInput.safeParse({ ...draft, type });
    if (!checked.success) return { message: CORRECT_FIELDS, fields: fieldErrorsOf(checked.error.issues) };
    try {
      onCreated(await create.mutateAsync({ ...draft, type: checked.data.type }));
      return null;
    } catch (failure) {
      return describeError(failure);
    }
  }

  return (
    <ClientForm
      heading="Register an OAuth client"
      initial={EMPTY}
      hasTypeField
      submitLabel="Register client"
      isPending={create.isPending}
      onSubmit={submit}
      onCancel={onCancel}
    />
  );
}
