"use client";
import { useState, type FormEvent } from "react";
import { ZCreateWebhookInput, ZUpdateWebhookInput } from "@/server/webhooks/webhook.schemas";
import { EMITTED_TRIGGERS, PEER_TRIGGERS, type WebhookTrigger } from "@/server/webhooks/webhook-triggers";
import { describeError, fieldErrorsOf, type FieldErrors } from "../trpc/errors";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { TextField } from "../ui/text-field";
import { TextareaField } from "../ui/textarea-field";
import type { TWebhookListing } from "./types";

export type TWebhookFormValues = { subscriberUrl: string; triggers: WebhookTrigger[]; payloadTemplate: string | null; active: boolean };

const isEmitted = (trigger: string) => (EMITTED_TRIGGERS as readonly string[]).includes(trigger);

/** Create (no `initial`) or edit a webhook; validated with the procedure's own schema before it is sent. */
export function WebhookForm({
  initial,
  onSubmit,
  submitLabel,
}: {
  initial?: TWebhookListing;
  onSubmit: (values: TWebhookFormValues) => Promise<void>;
  submitLabel: string;
}) {
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);
  const prefix = initial ? `webhook-${initial.id}` : "new-webhook";

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const template = String(form.get("payloadTemplate") ?? "").trim();
    const values: TWebhookFormValues = {
      subscriberUrl: String(form.get("subscriberUrl") ?? "").trim(),
      // Checked against the schema below before anything is sent.
      triggers: form.getAll("triggers").map(String) as WebhookTrigger[],
      payloadTemplate: template || null,
      active: form.get("active") === "on",
    };
    const checked = (initial ? ZUpdateWebhookInput : ZCreateWebhookInput).safeParse(values);
    setError(null);
    setFields(checked.success ? {} : fieldErrorsOf(checked.error.issues));
    if (!checked.success) return;
    setPending(true);
    try {
      await onSubmit(values);
      if (!initial) formElement.reset();
    } catch (failure) {
      const described = describeError(failure);
      setError(described.message);
      setFields(described.fields);
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {error && <Alert>{error}</Alert>}
      <TextField
        id={`${prefix}-url`}
        name="subscriberUrl"
        label="Subscriber URL"
        type="url"
        required
        defaultValue={initial?.subscriberUrl}
        placeholder="https://example.com/hooks/convene"
        error={fields.subscriberUrl}
      />
      <fieldset>
        <legend className="text-sm font-medium">Triggers</legend>
        {fields.triggers && <p className="mt-1 text-sm text-red-700">{fields.triggers}</p>}
        <div className="mt-2 grid gap-1 sm:grid-cols-2">
          {PEER_TRIGGERS.map((trigger) => (
            <label key={trigger} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="triggers"
                value={trigger}
                defaultChecked={initial ? initial.triggers.includes(trigger) : trigger === "BOOKING_CREATED"}
              />
              <span className="font-mono text-xs">{trigger}</span>
              {!isEmitted(trigger) && <span className="text-xs text-slate-500">(not sent yet)</span>}
            </label>
          ))}
        </div>
      </fieldset>
      <TextareaField
        id={`${prefix}-template`}
        name="payloadTemplate"
        label="Payload template (optional)"
        defaultValue={initial?.payloadTemplate ?? ""}
        hint='JSON with {{path}} placeholders, e.g. {"name":"{{title}}","booker":"{{attendees.0.name}}"}. Empty: the standard body.'
        error={fields.payloadTemplate}
      />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="active" defaultChecked={initial ? initial.active : true} /> Active
      </label>
      <Button type="submit" disabled={pending}>
        {pending ? "Saving…" : submitLabel}
      </Button>
    </form>
  );
}
