"use client";
/** Recurring: whether a booking of this event type is a series, how often it repeats, and at most how many times. */
import { useFormContext, useWatch } from "react-hook-form";
import { describeRecurrence, MAX_INTERVAL, MAX_OCCURRENCES, type TFrequency } from "@/server/event-types/recurrence";
import { Form, SubmitButton } from "../form/form";
import { ChoiceSelect } from "./choice-select";
import { NumberField } from "./number-field";
import { Fieldset } from "./section-frame";
import type { TEditorData } from "./types";
import { useSectionForm } from "./use-section-form";

const valuesOf = ({ eventType }: TEditorData) => ({ recurrence: eventType.recurrence ?? { disabled: true as const } });

const REPEATS = [
  { value: "none", label: "Does not repeat" },
  { value: "weekly", label: "Weekly" },
  { value: "monthly", label: "Monthly" },
  { value: "yearly", label: "Yearly" },
] as const;
type TRepeats = (typeof REPEATS)[number]["value"];

type TRecurrenceValue = { frequency?: TFrequency; interval?: number; occurrences?: number; disabled?: true } | undefined;

export function RecurringSection({ data }: { data: TEditorData }) {
  const { form, save, submit } = useSectionForm(data, valuesOf);
  return (
    <Form form={form} onSubmit={submit} label="Recurring" className="space-y-6">
      <RecurrenceFields />
      <SubmitButton pending={save.isPending}>Save recurring</SubmitButton>
    </Form>
  );
}

function RecurrenceFields() {
  const { setValue, formState } = useFormContext();
  const recurrence = useWatch({ name: "recurrence" }) as TRecurrenceValue;
  const repeats: TRepeats = recurrence?.frequency ?? "none";
  const choose = (next: TRepeats) => {
    const value = next === "none" ? { disabled: true } : { frequency: next, interval: recurrence?.interval ?? 1, occurrences: recurrence?.occurrences ?? 6 };
    setValue("recurrence", value, { shouldDirty: true });
  };
  const error = (formState.errors.recurrence as { message?: string } | undefined)?.message;
  const { frequency, interval, occurrences } = recurrence ?? {};
  return (
    <Fieldset legend="Recurring" hint="A booking is a series: the booker books every occurrence at once, each at the same time of day.">
      <ChoiceSelect label="Repeats" options={REPEATS} value={repeats} onChange={choose} className="max-w-sm" />
      {repeats !== "none" && (
        <div className="grid gap-4 sm:grid-cols-2">
          <NumberField name="recurrence.interval" label="Every (1 = each week, month or year)" min={1} max={MAX_INTERVAL} />
          <NumberField name="recurrence.occurrences" label="Occurrences at most" min={2} max={MAX_OCCURRENCES} hint="Bookers may book fewer." />
        </div>
      )}
      {frequency && interval && occurrences ? (
        <p className="text-sm text-slate-700">Booked as {describeRecurrence({ frequency, interval }, occurrences)}.</p>
      ) : null}
      {error && <p className="text-sm text-red-700">{error}</p>}
    </Fieldset>
  );
}
