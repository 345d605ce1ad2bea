"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { ZCreateApiKeyInput } from "@/server/api-keys/api-key.schemas";
import { useTRPC } from "../trpc/client";
import { describeError, fieldErrorsOf, type FieldErrors } from "../trpc/errors";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { TextField } from "../ui/text-field";
import { expiryFromDateInput } from "../ui/format";
import type { TCreatedApiKey } from "./types";

export function CreateApiKeyForm({ onCreated }: { onCreated: (created: TCreatedApiKey) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const create = useMutation(
    trpc.apiKeys.create.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.apiKeys.list.queryKey() }),
    }),
  );
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<FieldErrors>({});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const input = { name: String(form.get("name")), expiresAt: expiryFromDateInput(String(form.get("expiresAt") ?? "")) };
    setError(null);
    // The procedure's own schema: the form shows the very messages the server would send.
    const checked = ZCreateApiKeyInput.safeParse(input);
    setFields(checked.success ? {} : fieldErrorsOf(checked.error.issues));
    if (!checked.success) return;
    try {
      onCreated(await create.mutateAsync(input));
      formElement.reset();
    } catch (failure) {
      const described = describeError(failure);
      setError(described.message);
      setFields(described.fields);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="create-key-heading" className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="create-key-heading" className="text-lg font-semibold">
        Create an API key
      </h2>
      <div className="mt-4 space-y-4">
        {error && <Alert>{error}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="name" label="Name" required maxLength={100} placeholder="e.g. Zapier" error={fields.name} />
          <TextField
            name="expiresAt"
            label="Expiry date (optional)"
            type="date"
            error={fields.expiresAt}
            hint="The key stops working at the end of this day. Leave empty for no expiry."
          />
        </div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? "Creating…" : "Create key"}
        </Button>
      </div>
    </form>
  );
}
