"use client";
/** Availability: which of the user's schedules the event type follows (none: the default schedule). */
import { useQuery } from "@tanstack/react-query";
import { useFormContext, useWatch } from "react-hook-form";
import { Form, SubmitButton } from "../form/form";
import { useTRPC } from "../trpc/client";
import { TextLink } from "../ui/text-link";
import { ChoiceSelect } from "./choice-select";
import { Fieldset } from "./section-frame";
import type { TEditorData } from "./types";
import { useSectionForm } from "./use-section-form";

const DEFAULT = "default";
const valuesOf = (data: TEditorData) => ({ scheduleId: data.eventType.scheduleId });

export function AvailabilitySection({ data }: { data: TEditorData }) {
  const { form, save, submit } = useSectionForm(data, valuesOf);
  const hint =
    data.kind === "team"
      ? "One of your schedules for every host; the default: each host's own default schedule."
      : "Bookable times come from this schedule; the default follows whichever schedule is your default.";
  return (
    <Form form={form} onSubmit={submit} label="Availability" className="space-y-6">
      <Fieldset legend="Schedule" hint={hint}>
        <ScheduleChoice />
        <p className="text-sm">
          <TextLink href="/availability">Edit your schedules</TextLink>
        </p>
      </Fieldset>
      <SubmitButton pending={save.isPending}>Save availability</SubmitButton>
    </Form>
  );
}

function ScheduleChoice() {
  const trpc = useTRPC();
  const schedules = useQuery(trpc.availability.schedules.list.queryOptions());
  const { setValue, formState } = useFormContext();
  const scheduleId = useWatch({ name: "scheduleId" }) as number | null | undefined;
  const defaultName = schedules.data?.find((schedule) => schedule.isDefault)?.name;
  const options = [
    { value: DEFAULT, label: defaultName ? `Default schedule (now “${defaultName}”)` : "Default schedule" },
    ...(schedules.data ?? []).map((schedule) => ({ value: String(schedule.id), label: schedule.name })),
  ];
  const error = (formState.errors.scheduleId as { message?: string } | undefined)?.message;
  return (
    <div className="max-w-md">
      <ChoiceSelect
        label="Schedule"
        options={options}
        value={scheduleId ? String(scheduleId) : DEFAULT}
        onChange={(value) => setValue("scheduleId", value === DEFAULT ? null : Number(value), { shouldDirty: true })}
      />
      {error && <p className="mt-1 text-sm text-red-700">{error}</p>}
    </div>
  );
}
