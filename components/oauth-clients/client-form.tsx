"use client";
/**
 * The fields shared by registering and editing a client, on the form kit: `schema` is the procedure's own (or, for an
 * edit, a check of the changed fields by it), so the browser shows the very messages the server would send.
 */
import type { ReactNode } from "react";
import type { z } from "zod";
import { TextareaField, TextField } from "../form/fields";
import { Form, SubmitButton, useZodForm } from "../form/form";
import { applyServerErrors } from "../form/server-errors";
import { describeError } from "../trpc/errors";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { compactUris, unplacedErrors, type TClientDraft } from "./client-draft";
import { ClientTypeField } from "./client-type-field";
import { RedirectUrisField } from "./redirect-uris-field";
import { ScopesField } from "./scopes-field";

export const CORRECT_FIELDS = "Please correct the highlighted fields";

type TDraftValues = TClientDraft & { type?: string };

type Props = {
  heading: string;
  initial: TDraftValues;
  /** Validates the draft as the procedure will (ZCreateClientInput, or the edit's changed fields through ZUpdateClientInput). */
  schema: z.ZodType;
  legacyScopes?: string[];
  hasTypeField: boolean;
  notice?: ReactNode;
  submitLabel: string;
  /** The draft as typed (trimmed, blank redirect rows dropped); rejects with the procedure's error. */
  onSubmit: (draft: TDraftValues) => Promise<void>;
  onCancel: () => void;
};

const trimmed = (values: TDraftValues): TDraftValues => ({
  ...values,
  name: values.name.trim(),
  logoUrl: values.logoUrl.trim(),
  websiteUrl: values.websiteUrl.trim(),
  purpose: values.purpose.trim(),
  redirectUris: compactUris(values.redirectUris),
});

export function ClientForm({ heading, initial, schema, legacyScopes = [], hasTypeField, notice, submitLabel, onSubmit, onCancel }: Props) {
  const form = useZodForm(schema as z.ZodType<TDraftValues, TDraftValues>, {
    defaultValues: { ...initial, redirectUris: initial.redirectUris.length ? initial.redirectUris : [""] },
    mode: "onSubmit",
  });
  const { errors, submitCount } = form.formState;
  const hasFieldErrors = Object.keys(errors).some((key) => key !== "root");
  return (
    // Blank redirect rows are dropped before validating, so error paths (`redirectUris.2`) match the rows shown.
    <div
      onSubmitCapture={() => {
        const uris = compactUris(form.getValues("redirectUris"));
        form.setValue("redirectUris", uris.length ? uris : [""]);
      }}
    >
      <Form
        form={form}
        label={heading}
        className="space-y-5 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
        onSubmit={async () => {
          try {
            await onSubmit(trimmed(form.getValues()));
          } catch (failure) {
            const message = applyServerErrors(form, failure);
            const stray = unplacedErrors(describeError(failure).fields);
            if (stray.length) form.setError("root.server", { type: "server", message: `${message} ${stray.join(" ")}` });
          }
        }}
      >
        <h3 className="text-lg font-semibold">{heading}</h3>
        {notice}
        {submitCount > 0 && hasFieldErrors && !errors.root && <Alert>{CORRECT_FIELDS}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="name" label="Name" maxLength={100} />
          <TextField name="websiteUrl" label="Website URL" type="url" />
          <TextField
            name="logoUrl"
            label="Logo URL (optional)"
            type="url"
            className="sm:col-span-2"
            hint="A square image shown to users on the consent screen."
          />
        </div>
        <RedirectUrisField />
        <ScopesField legacyScopes={legacyScopes} />
        <TextareaField
          name="purpose"
          label="Purpose"
          maxLength={2000}
          hint="What the app does with this access. Reviewers read it before accepting the client."
        />
        {hasTypeField && <ClientTypeField />}
        <div className="flex gap-3">
          <SubmitButton pending={form.formState.isSubmitting}>{submitLabel}</SubmitButton>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </Form>
    </div>
  );
}
