"use client";
import { z } from "zod";
import { ZCreateApiKeyInput } from "@/server/api-keys/api-key.schemas";
import { DateField, TextField } from "../form/fields";
import { Form, SubmitButton, useZodForm } from "../form/form";
import { useFormMutation } from "../form/use-form-mutation";
import { useTRPC } from "../trpc/client";
import { expiryFromDateInput } from "../ui/format";
import type { TCreatedApiKey } from "./types";

/** The procedure's schema, with the expiry picked as a calendar day (the key stops at its end, in the browser's zone). */
const ZApiKeyForm = ZCreateApiKeyInput.extend({
  expiresAt: z.preprocess((day) => expiryFromDateInput(typeof day === "string" ? day : ""), ZCreateApiKeyInput.shape.expiresAt),
});

export function CreateApiKeyForm({ onCreated }: { onCreated: (created: TCreatedApiKey) => void }) {
  const trpc = useTRPC();
  const form = useZodForm(ZApiKeyForm, { defaultValues: { name: "", expiresAt: "" } });
  const create = useFormMutation(form, trpc.apiKeys.create.mutationOptions(), {
    invalidates: [trpc.apiKeys.list.queryKey()],
    onSuccess: (created) => {
      onCreated(created);
      form.reset();
    },
  });

  return (
    <section aria-labelledby="create-key-heading" className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="create-key-heading" className="text-lg font-semibold">
        Create an API key
      </h2>
      <Form form={form} onSubmit={(values) => create.mutate(values)} aria-labelledby="create-key-heading" className="mt-4 space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="name" label="Name" maxLength={100} placeholder="e.g. Zapier" />
          <DateField name="expiresAt" label="Expiry date (optional)" hint="The key stops working at the end of this day. Leave empty for no expiry." />
        </div>
        <SubmitButton pending={create.isPending} pendingLabel="Creating…">
          Create key
        </SubmitButton>
      </Form>
    </section>
  );
}
