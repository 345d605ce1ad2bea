"use client";
import { CheckboxField, CheckboxGroupField, NativeSelectField, RadioGroupField } from "../form/choice-fields";
import { TextareaField, TextField } from "../form/fields";
import type { TPageField } from "./types";

/** The form value's path of a question answered in bookingFieldsResponses. */
export const responseName = (slug: string) => `responses.${slug}`;

const INPUT_TYPE: Record<string, string> = { phone: "tel", url: "url", number: "text" };
const MULTI_EMAIL_HINT = "E-mail addresses, separated by commas.";

/** One question of the event type's form (its title and notes too), by the peer's field types, on the form kit. */
export function BookingField({ field }: { field: TPageField }) {
  const name = responseName(field.slug);
  const common = { name, label: field.label, required: field.required, placeholder: field.placeholder || undefined };
  const options = (field.options ?? []).map((option) => ({ value: option, label: option }));
  switch (field.type) {
    case "textarea":
      return <TextareaField {...common} maxLength={10_000} />;
    case "multiemail":
      return <TextareaField {...common} rows={2} hint={MULTI_EMAIL_HINT} />;
    case "select":
      return <NativeSelectField name={name} label={field.label} options={options} />;
    case "radio":
      return <RadioGroupField name={name} legend={field.label} options={options} isRequired={field.required} />;
    case "multiselect":
    case "checkbox":
      return <CheckboxGroupField name={name} legend={field.label} options={options} />;
    case "boolean":
      return <CheckboxField name={name} label={field.label} />;
    default:
      // text, address, phone, url, number, and the title default field
      return <TextField {...common} type={INPUT_TYPE[field.type] ?? "text"} inputMode={field.type === "number" ? "decimal" : undefined} maxLength={2048} />;
  }
}

/** An answer as bookingFieldsResponses takes it from the form's value, or undefined for a question left blank. */
export function answerOf(field: TPageField, value: unknown): unknown {
  switch (field.type) {
    case "multiselect":
    case "checkbox": {
      // react-hook-form gives one checkbox of a name its value (or false), several an array.
      const values = Array.isArray(value) ? value.map(String) : typeof value === "string" ? [value] : [];
      return values.length ? values : undefined;
    }
    case "boolean":
      return value === true ? true : undefined;
    case "multiemail": {
      const emails = String(value ?? "")
        .split(/[\s,;]+/)
        .filter(Boolean);
      return emails.length ? emails : undefined;
    }
    default: {
      const text = typeof value === "string" ? value.trim() : "";
      return text === "" ? undefined : text;
    }
  }
}
