"use client";
import { useState, type FormEvent, type ReactNode } from "react";
import type { FieldErrors } from "../trpc/errors";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { TextField } from "../ui/text-field";
import { compactUris, readDraft, unplacedErrors, type TClientDraft } from "./client-draft";
import { ClientTypeField } from "./client-type-field";
import { RedirectUrisField } from "./redirect-uris-field";
import { ScopesField } from "./scopes-field";
import { TextareaField } from "../ui/textarea-field";

export type TFormFailure = { message: string; fields: FieldErrors };

type Props = {
  heading: string;
  initial: TClientDraft;
  legacyScopes?: string[];
  hasTypeField: boolean;
  notice?: ReactNode;
  submitLabel: string;
  isPending: boolean;
  /** Resolves to null on success, else what to show; the type is read only when `hasTypeField`. */
  onSubmit: (draft: TClientDraft, type: string | null) => Promise<TFormFailure | null>;
  onCancel: () => void;
};

/** The fields shared by registering and editing a client. */
export function ClientForm({ heading, initial, legacyScopes = [], hasTypeField, notice, submitLabel, isPending, onSubmit, onCancel }: Props) {
  const [rows, setRows] = useState(initial.redirectUris.length ? initial.redirectUris : [""]);
  const [failure, setFailure] = useState<TFormFailure | null>(null);
  const fields = failure?.fields ?? {};

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const uris = compactUris(rows);
    setRows(uris.length ? uris : [""]);
    setFailure(null);
    setFailure(await onSubmit(readDraft(form, uris), hasTypeField ? String(form.get("type") ?? "") : null));
  }

  const stray = unplacedErrors(fields);
  return (
    <form onSubmit={submit} noValidate aria-label={heading} className="space-y-5 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h3 className="text-lg font-semibold">{heading}</h3>
      {notice}
      {failure && (
        <Alert>
          {failure.message}
          {stray.length > 0 && <span className="mt-1 block">{stray.join(" ")}</span>}
        </Alert>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="name" label="Name" required maxLength={100} defaultValue={initial.name} error={fields.name} />
        <TextField name="websiteUrl" label="Website URL" type="url" required defaultValue={initial.websiteUrl} error={fields.websiteUrl} />
        <TextField
          name="logoUrl"
          label="Logo URL (optional)"
          type="url"
          className="sm:col-span-2"
          defaultValue={initial.logoUrl}
          error={fields.logoUrl}
          hint="A square image shown to users on the consent screen."
        />
      </div>
      <RedirectUrisField rows={rows} onChange={setRows} errors={fields} />
      <ScopesField defaultScopes={initial.scopes} legacyScopes={legacyScopes} error={fields.scopes} />
      <TextareaField
        name="purpose"
        label="Purpose"
        required
        maxLength={2000}
        defaultValue={initial.purpose}
        error={fields.purpose}
        hint="What the app does with this access. Reviewers read it before accepting the client."
      />
      {hasTypeField && <ClientTypeField error={fields.type} />}
      <div className="flex gap-3">
        <Button type="submit" disabled={isPending}>
          {isPending ? "Saving…" : submitLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
