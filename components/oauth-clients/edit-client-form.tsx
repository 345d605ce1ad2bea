"use client";
import { z } from "zod";
import { isScope } from "@/server/auth/scopes";
import { ZUpdateClientInput } from "@/server/oauth/oauth-client.schemas";
import { useZodForm } from "../form/form";
import { useFormMutation } from "../form/use-form-mutation";
import { useTRPC } from "../trpc/client";
import { Alert } from "../ui/alert";
import { changedFields } from "./client-draft";
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

/** The update procedure's fields. A legacy client (old scope values, no checkbox for them) may keep none ticked. */
const ZEditFields = ZUpdateClientInput.omit({ clientId: true });
const ZLegacyEditFields = ZEditFields.extend({ scopes: z.union([z.array(z.string()).max(0), ZEditFields.shape.scopes]) });

type Props = { client: TOAuthClient; onDone: (updated: TOAuthClient | null) => void };

/** Everything but the type and the status: the type is fixed at creation and only admins move the status. */
export function EditClientForm({ client, onDone }: Props) {
  const trpc = useTRPC();
  const legacyScopes = client.scopes.filter((scope) => !isScope(scope));
  const form = useZodForm(legacyScopes.length > 0 ? ZLegacyEditFields : ZEditFields, {
    defaultValues: { ...client, logoUrl: client.logoUrl ?? "", scopes: client.scopes.filter(isScope) },
    mode: "onSubmit",
  });
  const update = useFormMutation(form, trpc.oauthClients.update.mutationOptions(), {
    invalidates: [trpc.oauthClients.list.queryKey()],
    onSuccess: onDone,
  });
  // Only what the owner changed is sent: untouched fields never send the client back to review.
  const submit = (values: z.output<typeof ZEditFields>) => {
    const changes = changedFields(client, values);
    if (Object.keys(changes).length === 0) return onDone(null);
    update.mutate({ clientId: client.id, ...changes });
  };
  return (
    <ClientForm
      form={form}
      heading={`Edit “${client.name}”`}
      legacyScopes={legacyScopes}
      hasTypeField={false}
      notice={<ReviewNotice status={client.status} />}
      submitLabel="Save changes"
      isPending={update.isPending}
      onSubmit={submit}
      onCancel={() => onDone(null)}
    />
  );
}
