import { ChoiceGroup } from "../ui/choice-group";
import { CONTROL_CLASSES, FieldFrame } from "../ui/field-frame";
import { TextField } from "../ui/text-field";
import { TextareaField } from "../ui/textarea-field";
import type { TPageField } from "./types";

/** The form control's name of a question answered in bookingFieldsResponses. */
export const responseName = (slug: string) => `responses.${slug}`;

const INPUT_TYPE: Record<string, string> = { phone: "tel", url: "url", number: "text" };
const MULTI_EMAIL_HINT = "E-mail addresses, separated by commas.";

/** One question of the event type's form (its title and notes too), by the peer's field types. */
export function BookingField({ field, error }: { field: TPageField; error?: string }) {
  const name = responseName(field.slug);
  const id = `field-${field.slug}`;
  const common = { name, label: field.label, error, id, required: field.required, placeholder: field.placeholder || undefined };
  const options = (field.options ?? []).map((option) => ({ value: option, label: option }));
  switch (field.type) {
    case "textarea":
      return <TextareaField {...common} maxLength={10_000} />;
    case "multiemail":
      return <TextareaField {...common} rows={2} hint={MULTI_EMAIL_HINT} />;
    case "select":
      return (
        <FieldFrame id={id} label={field.label} error={error}>
          {(aria) => (
            <select id={id} name={name} required={field.required} defaultValue="" className={CONTROL_CLASSES} {...aria}>
              <option value="">Choose…</option>
              {options.map((option) => (
                <option key={option.value}>{option.value}</option>
              ))}
            </select>
          )}
        </FieldFrame>
      );
    case "radio":
    case "multiselect":
    case "checkbox":
      return (
        <ChoiceGroup
          id={id}
          name={name}
          legend={field.label}
          type={field.type === "radio" ? "radio" : "checkbox"}
          options={options}
          error={error}
          required={field.required}
        />
      );
    case "boolean":
      return (
        <div>
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              id={id}
              name={name}
              required={field.required}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              className="mt-0.5 h-4 w-4 shrink-0 accent-indigo-600 focus:outline-2 focus:outline-indigo-600"
            />
            <span>{field.label}</span>
          </label>
          {error && (
            <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
              {error}
            </p>
          )}
        </div>
      );
    default:
      // text, address, phone, url, number, and the title default field
      return <TextField {...common} type={INPUT_TYPE[field.type] ?? "text"} inputMode={field.type === "number" ? "decimal" : undefined} maxLength={2048} />;
  }
}

/** An answer as bookingFieldsResponses takes it, or undefined for a question left blank. */
export function answerFromForm(form: FormData, field: TPageField): unknown {
  const name = responseName(field.slug);
  switch (field.type) {
    case "multiselect":
    case "checkbox": {
      const values = form.getAll(name).map(String);
      return values.length ? values : undefined;
    }
    case "boolean":
      return form.get(name) === "on" ? true : undefined;
    case "multiemail": {
      const emails = String(form.get(name) ?? "")
        .split(/[\s,;]+/)
        .filter(Boolean);
      return emails.length ? emails : undefined;
    }
    default: {
      const value = String(form.get(name) ?? "").trim();
      return value === "" ? undefined : value;
    }
  }
}
