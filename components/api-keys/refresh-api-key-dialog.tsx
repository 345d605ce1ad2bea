"use client";
/** "Refresh": a new key in place of this one (same name), the old one revoked at once; the new key is shown once. */
import { z } from "zod";
import { ZRefreshApiKeyInput } from "@/server/api-keys/api-key.schemas";
import { DateField } from "../form/fields";
import { Form, SubmitButton, useZodForm } from "../form/form";
import { useFormMutation } from "../form/use-form-mutation";
import { FormDialog } from "../event-types/form-dialog";
import { useTRPC } from "../trpc/client";
import { Button } from "../ui/button";
import { expiryFromDateInput } from "../ui/format";
import type { TApiKeyListing, TCreatedApiKey } from "./types";

/** The procedure's schema, with the new expiry picked as a calendar day as on creation. */
const ZRefreshForm = ZRefreshApiKeyInput.extend({
  expiresAt: z.preprocess((day) => expiryFromDateInput(typeof day === "string" ? day : ""), ZRefreshApiKeyInput.shape.expiresAt),
});

type Props = { apiKey: TApiKeyListing; onRefreshed: (created: TCreatedApiKey) => void; onClose: () => void };

export function RefreshApiKeyDialog({ apiKey, onRefreshed, onClose }: Props) {
  return (
    <FormDialog isOpen onClose={onClose} title={`Refresh “${apiKey.name}”?`}>
      <RefreshForm apiKey={apiKey} onRefreshed={onRefreshed} onClose={onClose} />
    </FormDialog>
  );
}

function RefreshForm({ apiKey, onRefreshed, onClose }: Props) {
  const trpc = useTRPC();
  const form = useZodForm(ZRefreshForm, { defaultValues: { id: apiKey.id, expiresAt: "" } });
  const refresh = useFormMutation(form, trpc.apiKeys.refresh.mutationOptions(), {
    invalidates: [trpc.apiKeys.list.queryKey()],
    onSuccess: (created) => {
      onRefreshed(created);
      onClose();
    },
  });
  return (
    <Form form={form} onSubmit={(values) => refresh.mutate(values)} label="Refresh API key" className="space-y-4">
      <p className="text-sm text-slate-600">
        You get a new key with the same name. Anything using the key ending in <code className="font-mono">…{apiKey.hint}</code> stops working immediately,
        until you give it the new one. Programs can do the same with <code className="font-mono">POST /v2/api-keys/refresh</code>.
      </p>
      <DateField name="expiresAt" label="New expiry date (optional)" hint="The new key stops working at the end of this day. Leave empty for no expiry." />
      <div className="flex justify-end gap-3 pt-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <SubmitButton pending={refresh.isPending} pendingLabel="Refreshing…">
          Refresh key
        </SubmitButton>
      </div>
    </Form>
  );
}
