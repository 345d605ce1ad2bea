"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { isScope } from "@/server/auth/scopes";
import { ZUpdateClientInput } from "@/server/oauth/oauth-client.schemas";
import { useTRPC } from "../trpc/client";
import { Alert } from "../ui/alert";
import { changedFields, compactUris, type TClientDraft } from "./client-draft";
import { ClientForm } from "./client-form";
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

const ZDraft = z.object({
  name: z.string(),
  logoUrl: z.string(),
  websiteUrl: z.string(),
  redirectUris: z.array(z.string()),
  scopes: z.array(z.string()),
  purpose: z.string(),
});

const trimmedDraft = (draft: TClientDraft): TClientDraft => ({
  ...draft,
  name: draft.name.trim(),
  logoUrl: draft.logoUrl.trim(),
  websiteUrl: draft.websiteUrl.trim(),
  purpose: draft.purpose.trim(),
  redirectUris: compactUris(draft.redirectUris),
});

/**
 * Only what the owner changed is checked and sent (changedFields): untouched fields never trigger a re-review, and a
 * legacy client's old scope values (which have no checkbox) stay until the owner picks explicit scopes.
 */
const changesSchema = (client: TOAuthClient) =>
  ZDraft.superRefine((draft, ctx) => {
    const checked = ZUpdateClientInput.safeParse({ clientId: client.id, ...changedFields(client, trimmedDraft(draft)) });
    if (!checked.success) for (const issue of checked.error.issues) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
  });

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
  return (
    <ClientForm
      heading={`Edit “${client.name}”`}
      initial={{ ...client, logoUrl: client.logoUrl ?? "", scopes: client.scopes.filter(isScope) }}
      schema={changesSchema(client)}
      legacyScopes={client.scopes.filter((scope) => !isScope(scope))}
      hasTypeField={false}
      notice={<ReviewNotice status={client.status} />}
      submitLabel="Save changes"
      onSubmit={async (draft) => {
        const changes = changedFields(client, draft);
        onDone(Object.keys(changes).length === 0 ? null : await update.mutateAsync({ clientId: client.id, ...changes }));
      }}
      onCancel={() => onDone(null)}
    />
  );
}
