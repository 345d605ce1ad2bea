"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { isScope } from "@/server/auth/scopes";
import { ZUpdateClientInput } from "@/server/oauth/oauth-client.schemas";
import { useTRPC } from "../trpc/client";
import { describeError, fieldErrorsOf } from "../trpc/errors";
import { Alert } from "../ui/alert";
import { changedFields, type TClientDraft } from "./client-draft";
import { ClientForm } from "./client-form";
import { CORRECT_FIELDS } from "./create-client-form";
import type { TOAuthClient } from "./types";

function ReviewNotice({ status }: { status: TOAuthClient["status"] }) {
  if (status === "PENDING") return null;
  return (
    <Alert tone="info">
      {status === "ACCEPTED"
        ? "Saving changes to the name, logo, website, redirect URIs, scopes or purpose sends this client back to review. Users who already authorized it keep working; new users can authorize it again once an administrator accepts it."
        : "Saving changes sends this client to review again."}
    </Alert>
  );
}

type Props = { client: TOAuthClient; onDone: (updated: TOAuthClient | null) => void };

/** Everything but the type and the status: the type is fixed at creation and only admins move the status. */
export function EditClientForm({ client, onDone }: Props) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const update = useMutation(
    trpc.oauthClients.update.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.oauthClients.list.queryKey() }),
    }),
  );

  async function submit(draft: TClientDraft) {
    const input = { clientId: client.id, ...changedFields(client, draft) };
    if (Object.keys(input).length === 1) {
      onDone(null);
      return null;
    }
    const checked = ZUpdateClientInput.safeParse(input);
    if (!checked.success) return { message: CORRECT_FIELDS, fields: fieldErrorsOf(checked.error.issues) };
    try {
      onDone(await update.mutateAsync(input));
      return null;
    } catch (failure) {
      return describeError(failure);
    }
  }

  return (
    <ClientForm
      heading={`Edit “${client.name}”`}
      initial={{ ...client, logoUrl: client.logoUrl ?? "", scopes: client.scopes.filter(isScope) }}
      legacyScopes={client.scopes.filter((scope) => !isScope(scope))}
      hasTypeField={false}
      notice={<ReviewNotice status={client.status} />}
      submitLabel="Save changes"
      isPending={update.isPending}
      onSubmit={submit}
      onCancel={() => onDone(null)}
    />
  );
}
