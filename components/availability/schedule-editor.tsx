"use client";
/** /availability/{id}: the schedule's name, zone, weekly hours and date overrides; default and delete beside. */
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { ZUpdateScheduleInput } from "@/server/schedules/schedule.schemas";
import type { TScheduleOutput } from "@/server/schedules/schedule.dto";
import { ComboBoxField, TextField, type TOption } from "../form/fields";
import { Form, SubmitButton, useZodForm } from "../form/form";
import { useFormMutation } from "../form/use-form-mutation";
import { useTRPC } from "../trpc/client";
import { Alert } from "../ui/alert";
import { describeError } from "../trpc/errors";
import { DateOverrides } from "./date-overrides";
import { ScheduleActions } from "./schedule-actions";
import { toFormValues } from "./schedule-form";
import { WeeklyHours } from "./weekly-hours";

export function ScheduleEditor({ scheduleId, timeZones }: { scheduleId: number; timeZones: string[] }) {
  const trpc = useTRPC();
  const schedule = useQuery(trpc.availability.schedules.get.queryOptions({ scheduleId }));
  if (schedule.error) return <Alert>{describeError(schedule.error).message}</Alert>;
  if (!schedule.data) return <p className="text-sm text-slate-600">Loading…</p>;
  return <LoadedEditor schedule={schedule.data} timeZones={timeZones} />;
}

function LoadedEditor({ schedule, timeZones }: { schedule: TScheduleOutput; timeZones: string[] }) {
  const trpc = useTRPC();
  const form = useZodForm(ZUpdateScheduleInput, { defaultValues: toFormValues(schedule) });
  useEffect(() => form.reset(toFormValues(schedule)), [schedule, form]);
  const save = useFormMutation(form, trpc.availability.schedules.update.mutationOptions(), {
    success: "Schedule saved",
    invalidates: [trpc.availability.schedules.get.queryKey({ scheduleId: schedule.id }), trpc.availability.schedules.list.queryKey()],
  });
  const zoneOptions: TOption[] = timeZones.map((zone) => ({ value: zone, label: zone.replaceAll("_", " ") }));
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">
          {schedule.name}
          {schedule.isDefault && (
            <span className="ml-3 rounded-full bg-emerald-100 px-2 py-0.5 align-middle text-xs font-medium text-emerald-900">Default</span>
          )}
        </h1>
        <ScheduleActions schedule={schedule} />
      </div>
      <Form form={form} onSubmit={(body) => save.mutate({ scheduleId: schedule.id, body })} label="Schedule" className="space-y-8">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="name" label="Name" maxLength={100} />
          <ComboBoxField name="timeZone" label="Time zone" options={zoneOptions} hint="Weekly hours and date overrides are times in this zone." />
        </div>
        <WeeklyHours />
        <DateOverrides />
        <SubmitButton pending={save.isPending}>Save schedule</SubmitButton>
      </Form>
    </div>
  );
}
