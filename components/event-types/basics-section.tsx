"use client";
/** Basics: title, slug with the public URL, description, length and the lengths a booker may choose, locations. */
import { useWatch } from "react-hook-form";
import { TextareaField, TextField } from "../form/fields";
import { Form, SubmitButton } from "../form/form";
import { eventTypeInput } from "@/server/event-types/event-type-input";
import { LocationsField } from "./locations-field";
import { Fieldset } from "./section-frame";
import { ListTextField } from "./text-fields";
import type { TEditorData } from "./types";
import { useSectionForm } from "./use-section-form";

const valuesOf = (data: TEditorData) => {
  const { title, slug, description, lengthInMinutes, lengthInMinutesOptions, locations } = eventTypeInput(data.eventType);
  return { title, slug, description, lengthInMinutes, lengthInMinutesOptions, locations };
};

export function BasicsSection({ data }: { data: TEditorData }) {
  const { form, save, submit } = useSectionForm(data, valuesOf);
  return (
    <Form form={form} onSubmit={submit} label="Basics" className="space-y-6">
      <Fieldset legend="What it is">
        <TextField name="title" label="Title" maxLength={200} />
        <SlugField publicBase={data.publicBase} />
        <TextareaField name="description" label="Description" rows={4} maxLength={10_000} hint="Shown on the booking page." />
      </Fieldset>
      <Fieldset legend="Length">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="lengthInMinutes" type="number" label="Length (minutes)" min={1} max={1440} />
          <ListTextField
            name="lengthInMinutesOptions"
            label="Lengths the booker may choose (optional)"
            placeholder="e.g. 15, 30, 60"
            inputMode="numeric"
            hint="Minutes, separated by commas, including the length. Empty: only the length."
          />
        </div>
      </Fieldset>
      <LocationsField />
      <SubmitButton pending={save.isPending}>Save basics</SubmitButton>
    </Form>
  );
}

function SlugField({ publicBase }: { publicBase: string }) {
  const slug = useWatch({ name: "slug" }) as string | undefined;
  return <TextField name="slug" label="URL slug" maxLength={100} hint={`Public URL: ${publicBase}${slug ?? ""}`} />;
}
