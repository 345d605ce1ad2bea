"use client";
/**
 * The public page of a routing form (/forms/{id}, and under an organization's site): its questions on the form kit.
 * Submitting stores the response; the answer says where to go: the routed event type's booking page (the answers and
 * the response's id in its query, which prefill the booking), an external URL, or a message shown here. A refusal
 * lands on the question it names (the server checks the answers with the booking form's rules).
 */
import { useMutation } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { useState } from "react";
import type { TRoutingFormField } from "@/server/routing-forms/routing-form.schemas";
import { CheckboxGroupField, NativeSelectField, RadioGroupField } from "../form/choice-fields";
import { TextareaField, TextField } from "../form/fields";
import { Form, SubmitButton } from "../form/form";
import { applyServerErrors } from "../form/server-errors";
import { useTRPC } from "../trpc/client";
import { Alert } from "../ui/alert";

type Props = { form: { id: string; name: string; description: string | null; fields: TRoutingFormField[] } };
type TValues = Record<string, unknown>;

const INPUT_TYPE: Partial<Record<TRoutingFormField["type"], string>> = { email: "email", phone: "tel" };

/** The answers to send: blank ones left out, a single checked box as its list. */
function answersOf(fields: readonly TRoutingFormField[], values: TValues): Record<string, string | string[]> {
  const answers: Record<string, string | string[]> = {};
  for (const field of fields) {
    const value = values[field.identifier];
    if (field.type === "multiselect" || field.type === "checkbox") {
      const list = Array.isArray(value) ? value.map(String) : typeof value === "string" ? [value] : [];
      if (list.length) answers[field.identifier] = list;
    } else if (typeof value === "string" && value.trim() !== "") answers[field.identifier] = value.trim();
  }
  return answers;
}

function Question({ field }: { field: TRoutingFormField }) {
  const options = field.options.map((option) => ({ value: option, label: option }));
  const common = { name: field.identifier, label: field.label, required: field.required, placeholder: field.placeholder || undefined };
  switch (field.type) {
    case "textarea":
      return <TextareaField {...common} maxLength={10_000} />;
    case "select":
      return <NativeSelectField name={field.identifier} label={field.label} options={options} />;
    case "radio":
      return <RadioGroupField name={field.identifier} legend={field.label} options={options} isRequired={field.required} />;
    case "multiselect":
    case "checkbox":
      return <CheckboxGroupField name={field.identifier} legend={field.label} options={options} />;
    default:
      return <TextField {...common} type={INPUT_TYPE[field.type] ?? "text"} inputMode={field.type === "number" ? "decimal" : undefined} maxLength={1000} />;
  }
}

export function RoutingFormFill({ form: routingForm }: Props) {
  const trpc = useTRPC();
  const submit = useMutation(trpc.routingForms.submit.mutationOptions({ meta: { showsError: true } }));
  const form = useForm<TValues>({ mode: "onTouched" });
  const [message, setMessage] = useState<string | null>(null);
  if (message !== null)
    return (
      <Alert tone="info">
        <span data-testid="routing-message">{message}</span>
      </Alert>
    );
  return (
    <Form
      form={form}
      aria-labelledby="routing-form-heading"
      onSubmit={async (values) => {
        try {
          const { destination } = await submit.mutateAsync({ id: routingForm.id, answers: answersOf(routingForm.fields, values) });
          if (destination.type === "customPageMessage") setMessage(destination.message);
          else window.location.assign(destination.type === "eventType" ? destination.path : destination.url);
        } catch (failure) {
          applyServerErrors(form, failure);
        }
      }}
    >
      {routingForm.fields.map((field) => (
        <Question key={field.id} field={field} />
      ))}
      <SubmitButton pending={submit.isPending || submit.isSuccess} pendingLabel="Sending…">
        Continue
      </SubmitButton>
    </Form>
  );
}
