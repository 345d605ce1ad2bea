"use client";
/**
 * Create (no `initial`) or edit a webhook, on the form kit with the procedure's own schema: the browser shows the
 * API's messages before sending, and what only the server knows lands on its field.
 */
import { z } from "zod";
import { ZCreateWebhookInput } from "@/server/webhooks/webhook.schemas";
import { EMITTED_TRIGGERS } from "@/server/webhooks/webhook-triggers";

type WebhookTrigger = (typeof EMITTED_TRIGGERS)[number];
import { CheckboxField, CheckboxGroupField } from "../form/choice-fields";
import { TextareaField, TextField } from "../form/fields";
import { Form, SubmitButton, useZodForm } from "../form/form";
import { applyServerErrors } from "../form/server-errors";
import type { TWebhookListing } from "./types";

export type TWebhookFormValues = { subscriberUrl: string; triggers: WebhookTrigger[]; payloadTemplate: string | null; active: boolean };

const isEmitted = (trigger: string): trigger is WebhookTrigger => (EMITTED_TRIGGERS as readonly string[]).includes(trigger);

/** The create body's fields; an empty template is none (the standard body). */
const ZWebhookForm = z.object({
  subscriberUrl: z.string().trim().pipe(ZCreateWebhookInput.shape.subscriberUrl),
  triggers: ZCreateWebhookInput.shape.triggers,
  active: ZCreateWebhookInput.shape.active,
  payloadTemplate: z
    .string()
    .transform((template) => template.trim() || null)
    .pipe(ZCreateWebhookInput.shape.payloadTemplate.unwrap()),
});

export function WebhookForm({
  initial,
  onSubmit,
  submitLabel,
}: {
  initial?: TWebhookListing;
  onSubmit: (values: TWebhookFormValues) => Promise<void>;
  submitLabel: string;
}) {
  const prefix = initial ? `webhook-${initial.id}` : "new-webhook";
  const defaults = {
    subscriberUrl: initial?.subscriberUrl ?? "",
    // A webhook stored before silent triggers were refused may name one: the form offers and keeps only fired ones.
    triggers: initial ? initial.triggers.filter(isEmitted) : (["BOOKING_CREATED"] as WebhookTrigger[]),
    active: initial ? initial.active : true,
    payloadTemplate: initial?.payloadTemplate ?? "",
  };
  const form = useZodForm(ZWebhookForm, { defaultValues: defaults, mode: "onSubmit" });
  return (
    <Form
      form={form}
      onSubmit={async (values) => {
        try {
          await onSubmit(values);
          if (!initial) form.reset(defaults);
        } catch (failure) {
          applyServerErrors(form, failure);
        }
      }}
    >
      <TextField id={`${prefix}-url`} name="subscriberUrl" label="Subscriber URL" type="url" placeholder="https://example.com/hooks/convene" />
      <CheckboxGroupField
        name="triggers"
        legend="Triggers"
        options={EMITTED_TRIGGERS.map((trigger) => ({
          value: trigger,
          id: `${prefix}-trigger-${trigger}`,
          label: <span className="font-mono text-xs">{trigger}</span>,
        }))}
      />
      <TextareaField
        id={`${prefix}-template`}
        name="payloadTemplate"
        label="Payload template (optional)"
        hint='JSON with {{path}} placeholders, e.g. {"name":"{{title}}","booker":"{{attendees.0.name}}"}. Empty: the standard body.'
      />
      <CheckboxField name="active" label="Active" />
      <SubmitButton pending={form.formState.isSubmitting}>{submitLabel}</SubmitButton>
    </Form>
  );
}
