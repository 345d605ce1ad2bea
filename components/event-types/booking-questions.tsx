"use client";
/**
 * The booking form's own questions (custom fields; the default ones — name, e-mail, location, notes, guests — stay
 * in the list as they are and are not shown here). Each asked on the booking page and answered by its slug.
 */
import { useState } from "react";
import { useFieldArray, useWatch } from "react-hook-form";
import { CUSTOM_FIELD_TYPES, FIELD_TYPES_WITH_OPTIONS, type TCustomFieldType } from "@/server/event-types/booking-fields";
import { SwitchField, TextField } from "../form/fields";
import { Button } from "../ui/button";
import { CONTROL_CLASSES } from "../ui/field-frame";
import { ChoiceSelect } from "./choice-select";
import { Fieldset } from "./section-frame";
import { ListTextField } from "./text-fields";

const TYPE_LABELS: Record<TCustomFieldType, string> = {
  text: "Short text",
  textarea: "Long text",
  number: "Number",
  phone: "Phone number",
  address: "Address",
  url: "Link",
  select: "Choose one (menu)",
  multiselect: "Choose several (menu)",
  checkbox: "Choose several (checkboxes)",
  radio: "Choose one (radio buttons)",
  boolean: "Yes or no",
  multiemail: "E-mail addresses",
};
const TYPE_OPTIONS = CUSTOM_FIELD_TYPES.map((type) => ({ value: type, label: TYPE_LABELS[type] }));

const isCustomType = (type: unknown): type is TCustomFieldType => (CUSTOM_FIELD_TYPES as readonly unknown[]).includes(type);
const hasOptions = (type: TCustomFieldType) => FIELD_TYPES_WITH_OPTIONS.includes(type);

/** A slug the schema takes: starts with a letter; letters, digits, - and _. */
const slugFromLabel = (label: string, taken: string[]) => {
  const base = `q-${label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")}`
    .slice(0, 56)
    .replace(/-+$/, "");
  let slug = base;
  for (let n = 2; taken.includes(slug); n += 1) slug = `${base}-${n}`;
  return slug;
};

export function BookingQuestions() {
  const { fields, append, remove } = useFieldArray({ name: "bookingFields" });
  const values = (useWatch({ name: "bookingFields" }) ?? []) as { type?: string; slug?: string }[];
  const custom = fields.map((field, index) => ({ field, index })).filter(({ index }) => isCustomType(values[index]?.type));
  return (
    <Fieldset legend="Booking questions" hint="Asked on the booking page after name and e-mail.">
      {custom.length === 0 && <p className="text-sm text-slate-600">No questions of your own yet.</p>}
      <ul aria-label="Booking questions" className="space-y-3">
        {custom.map(({ field, index }, position) => {
          const type = values[index]!.type as TCustomFieldType;
          return (
            <li key={field.id} aria-label={`Question ${position + 1}`} className="space-y-3 rounded-md border border-slate-200 p-3">
              <p className="text-xs font-medium text-slate-600">{TYPE_LABELS[type]}</p>
              <div className="grid gap-3 sm:grid-cols-2">
                <TextField name={`bookingFields.${index}.label`} label={`Question ${position + 1}`} maxLength={200} />
                <TextField name={`bookingFields.${index}.slug`} label="Answer key" maxLength={64} hint="Names the answer in the API and webhooks." />
              </div>
              {hasOptions(type) && <ListTextField name={`bookingFields.${index}.options`} label="Choices" hint="Separated by commas." />}
              <div className="flex flex-wrap items-center justify-between gap-3">
                <div className="flex flex-wrap gap-4">
                  <SwitchField name={`bookingFields.${index}.required`} label="Required" />
                  <SwitchField name={`bookingFields.${index}.hidden`} label="Hidden" />
                </div>
                <Button variant="secondary" onClick={() => remove(index)} aria-label={`Remove question ${position + 1}`}>
                  Remove
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <NewQuestion
        onAdd={(type, label) =>
          append({
            type,
            slug: slugFromLabel(
              label,
              values.map((value) => value.slug ?? ""),
            ),
            label,
            required: false,
            hidden: false,
            placeholder: "",
            ...(hasOptions(type) ? { options: ["Yes", "No"] } : {}),
          })
        }
      />
    </Fieldset>
  );
}

/** Type and question for a new entry; the entry then edits like the others. Not a form of its own (it sits inside one). */
function NewQuestion({ onAdd }: { onAdd: (type: TCustomFieldType, label: string) => void }) {
  const [type, setType] = useState<TCustomFieldType>("text");
  const [label, setLabel] = useState("");
  const add = () => {
    if (!label.trim()) return;
    onAdd(type, label.trim());
    setLabel("");
  };
  return (
    <div className="grid items-end gap-3 rounded-md border border-dashed border-slate-300 p-3 sm:grid-cols-[1fr_1fr_auto]">
      <ChoiceSelect label="New question type" options={TYPE_OPTIONS} value={type} onChange={setType} />
      <div>
        <label htmlFor="new-question-label" className="block text-sm font-medium text-slate-800">
          New question
        </label>
        <input
          id="new-question-label"
          className={CONTROL_CLASSES}
          value={label}
          maxLength={200}
          onChange={(event) => setLabel(event.target.value)}
          onKeyDown={(event) => {
            // Enter adds the question rather than submitting the whole section.
            if (event.key === "Enter") {
              event.preventDefault();
              add();
            }
          }}
        />
      </div>
      <Button variant="secondary" onClick={add} disabled={!label.trim()}>
        Add question
      </Button>
    </div>
  );
}
