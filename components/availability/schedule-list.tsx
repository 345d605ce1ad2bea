"use client";
/** The user's schedules, the default marked, each opening its editor; and a form to add one. */
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { ZCreateScheduleInput } from "@/server/schedules/schedule.schemas";
import type { TScheduleOutput } from "@/server/schedules/schedule.dto";
import { ComboBoxField, TextField, type TOption } from "../form/fields";
import { Form, SubmitButton, useZodForm } from "../form/form";
import { useFormMutation } from "../form/use-form-mutation";
import { useTRPC } from "../trpc/client";
import { describeError } from "../trpc/errors";
import { Alert } from "../ui/alert";
import { FOCUS_RING } from "../ui/button";

/** "Mon–Fri 09:00–17:00; Sat 10:00–12:00" */
function summary(schedule: TScheduleOutput) {
  if (schedule.availability.length === 0) return "No weekly hours";
  return schedule.availability.map((entry) => `${entry.days.map((day) => day.slice(0, 3)).join(", ")} ${entry.startTime}–${entry.endTime}`).join("; ");
}

export function ScheduleList({ timeZones, userTimeZone }: { timeZones: string[]; userTimeZone: string }) {
  const trpc = useTRPC();
  const schedules = useQuery(trpc.availability.schedules.list.queryOptions());
  return (
    <div className="space-y-8">
      {schedules.error && <Alert>{describeError(schedules.error).message}</Alert>}
      {schedules.data?.length === 0 && <p className="text-sm text-slate-600">You have no schedules yet. Create one below.</p>}
      {schedules.data && schedules.data.length > 0 && (
        <ul aria-label="Schedules" className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {schedules.data.map((schedule) => (
            <li key={schedule.id}>
              <Link href={`/availability/${schedule.id}`} className={`block px-4 py-3 hover:bg-slate-50 ${FOCUS_RING}`}>
                <span className="font-medium text-slate-900">{schedule.name}</span>
                {schedule.isDefault && <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-900">Default</span>}
                <span className="mt-1 block text-sm text-slate-600">
                  {summary(schedule)} · {schedule.timeZone.replaceAll("_", " ")}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <NewScheduleForm timeZones={timeZones} userTimeZone={userTimeZone} />
    </div>
  );
}

function NewScheduleForm({ timeZones, userTimeZone }: { timeZones: string[]; userTimeZone: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const form = useZodForm(ZCreateScheduleInput, { defaultValues: { name: "", timeZone: userTimeZone } });
  const create = useFormMutation(form, trpc.availability.schedules.create.mutationOptions(), {
    success: (created) => `“${created.name}” created`,
    invalidates: [trpc.availability.schedules.list.queryKey()],
    onSuccess: (created) => router.push(`/availability/${created.id}`),
  });
  const zoneOptions: TOption[] = timeZones.map((zone) => ({ value: zone, label: zone.replaceAll("_", " ") }));
  return (
    <section aria-labelledby="new-schedule-heading" className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="new-schedule-heading" className="text-lg font-semibold">
        New schedule
      </h2>
      <Form form={form} onSubmit={(values) => create.mutate(values)} aria-labelledby="new-schedule-heading" className="mt-4 space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="name" label="Name" maxLength={100} placeholder="e.g. Summer hours" />
          <ComboBoxField name="timeZone" label="Time zone" options={zoneOptions} />
        </div>
        <p className="text-xs text-slate-600">It starts as Monday to Friday, 09:00–17:00; change the hours in the next step.</p>
        <SubmitButton pending={create.isPending} pendingLabel="Creating…">
          Create schedule
        </SubmitButton>
      </Form>
    </section>
  );
}
