"use client";
/**
 * The fields shared by registering and editing a client, on the form kit: the procedure's schema checks them in the
 * browser, the server's field errors land on them (a redirect URI's on its row, `redirectUris.1`), and the summary
 * says what to do.
 */
import type { ReactNode } from "react";
import { useFormState, type FieldValues, type UseFormReturn } from "react-hook-form";
import { TextareaField, TextField } from "../form/fields";
import { Form, SubmitButton } from "../form/form";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { compactUris, unplacedErrors } from "./client-draft";
import { ClientTypeField } from "./client-type-field";
import { RedirectUrisField } from "./redirect-uris-field";
import { ScopesField } from "./scopes-field";

export const CORRECT_FIELDS = "Please correct the highlighted fields";

type Props<TInput extends FieldValues, TOutput> = {
  form: UseFormReturn<TInput, unknown, TOutput>;
  heading: string;
  legacyScopes?: string[];
  hasTypeField: boolean;
  notice?: ReactNode;
  submitLabel: string;
  isPending: boolean;
  onSubmit: (values: TOutput) => void;
  onCancel: () => void;
};

export function ClientForm<TInput extends FieldValues, TOutput>(props: Props<TInput, TOutput>) {
  const { form, heading, legacyScopes = [], hasTypeField, notice, submitLabel, isPending, onSubmit, onCancel } = props;
  // Blank rows are dropped before validating, so error paths (`redirectUris.2`) match the rows shown.
  const dropBlankRows = () => {
    const uris = compactUris((form.getValues("redirectUris" as never) as unknown as string[] | undefined) ?? []);
    form.setValue("redirectUris" as never, (uris.length ? uris : [""]) as never);
  };
  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      beforeSubmit={dropBlankRows}
      invalidSummary={CORRECT_FIELDS}
      label={heading}
      renderRootError={(message) => <Summary form={form} message={message} />}
      className="space-y-5 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h3 className="text-lg font-semibold">{heading}</h3>
      {notice}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="name" label="Name" required maxLength={100} />
        <TextField name="websiteUrl" label="Website URL" type="url" required />
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
        required
        maxLength={2000}
        hint="What the app does with this access. Reviewers read it before accepting the client."
      />
      {hasTypeField && <ClientTypeField />}
      <div className="flex gap-3">
        <SubmitButton pending={isPending}>{submitLabel}</SubmitButton>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}

/** The summary, with any field error that no control shows (an unexpected path) so it is never lost. */
function Summary<TInput extends FieldValues, TOutput>({ form, message }: { form: UseFormReturn<TInput, unknown, TOutput>; message: string }) {
  const { errors } = useFormState({ control: form.control });
  const fields = Object.fromEntries(
    Object.entries(errors)
      .filter(([path]) => path !== "root")
      .map(([path, error]) => [path, String((error as { message?: unknown } | undefined)?.message ?? "")]),
  );
  const stray = unplacedErrors(fields).filter(Boolean);
  return (
    <Alert>
      {message}
      {stray.length > 0 && <span className="mt-1 block">{stray.join(" ")}</span>}
    </Alert>
  );
}
