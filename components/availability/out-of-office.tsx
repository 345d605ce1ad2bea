"use client";
/** Out-of-office entries: the upcoming ones (in the user's zone, named), a form to add one, delete each. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { TOooOutput } from "@/server/out-of-office/out-of-office.dto";
import { OOO_REASONS } from "@/server/out-of-office/out-of-office.schemas";
import { DateField, SelectField, TextareaField } from "../form/fields";
import { Form, SubmitButton, useZodForm } from "../form/form";
import { useFormMutation } from "../form/use-form-mutation";
import { useTRPC } from "../trpc/client";
import { describeError } from "../trpc/errors";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { toast } from "../ui/toast";
import { REASON_LABELS, toOooInput, ZOooForm } from "./ooo-form";
import { dateIn, formatInZone, startOfDayIn } from "@/server/time/zoned-dates";

const NO_ONE = 0;

export function OutOfOffice({ timeZone }: { timeZone: string }) {
  const trpc = useTRPC();
  const upcoming = useQuery(trpc.availability.outOfOffice.upcoming.queryOptions());
  const candidates = useQuery(trpc.availability.outOfOffice.redirectCandidates.queryOptions());
  const names = new Map((candidates.data ?? []).map((user) => [user.id, user.name || user.username]));
  return (
    <div className="space-y-8">
      <section aria-labelledby="ooo-upcoming-heading">
        <h2 id="ooo-upcoming-heading" className="text-lg font-semibold">
          Upcoming
        </h2>
        {upcoming.error && <Alert>{describeError(upcoming.error).message}</Alert>}
        {upcoming.data?.length === 0 && <p className="mt-2 text-sm text-slate-600">No upcoming out-of-office entries.</p>}
        {upcoming.data && upcoming.data.length > 0 && (
          <ul aria-label="Upcoming out-of-office entries" className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {upcoming.data.map((entry) => (
              <OooRow
                key={entry.id}
                entry={entry}
                timeZone={timeZone}
                redirectName={entry.toUserId ? (names.get(entry.toUserId) ?? `user ${entry.toUserId}`) : null}
              />
            ))}
          </ul>
        )}
      </section>
      <NewOooForm timeZone={timeZone} candidates={candidates.data ?? []} />
    </div>
  );
}

function OooRow({ entry, timeZone, redirectName }: { entry: TOooOutput; timeZone: string; redirectName: string | null }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [isConfirming, setConfirming] = useState(false);
  const remove = useMutation(
    trpc.availability.outOfOffice.delete.mutationOptions({
      meta: { showsError: true },
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.availability.outOfOffice.upcoming.queryKey() });
        toast.success("Out-of-office entry deleted");
      },
    }),
  );
  const period = periodText(entry, timeZone);
  return (
    <li className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="text-sm">
        <p className="font-medium text-slate-900">{REASON_LABELS[entry.reason as keyof typeof REASON_LABELS] ?? entry.reason}</p>
        <p className="text-slate-600">{period}</p>
        {entry.notes && <p className="text-slate-600">{entry.notes}</p>}
        {redirectName && <p className="text-slate-600">Bookings go to {redirectName}</p>}
      </div>
      <Button variant="secondary" onClick={() => setConfirming(true)} aria-label={`Delete out-of-office ${period}`}>
        Delete
      </Button>
      <ConfirmDialog
        isOpen={isConfirming}
        title="Delete this out-of-office entry?"
        confirmLabel="Delete entry"
        isPending={remove.isPending}
        error={remove.error ? describeError(remove.error).message : null}
        onConfirm={() => remove.mutate({ oooId: entry.id })}
        onClose={() => setConfirming(false)}
      >
        {period}
      </ConfirmDialog>
    </li>
  );
}

function NewOooForm({ timeZone, candidates }: { timeZone: string; candidates: { id: number; name: string; username: string }[] }) {
  const trpc = useTRPC();
  const form = useZodForm(ZOooForm, { defaultValues: { start: "", end: "", reason: "unspecified", notes: "", toUserId: NO_ONE } });
  const create = useFormMutation(form, trpc.availability.outOfOffice.create.mutationOptions(), {
    success: "Out-of-office entry added",
    invalidates: [trpc.availability.outOfOffice.upcoming.queryKey()],
    onSuccess: () => form.reset(),
  });
  const redirectOptions = [
    { value: NO_ONE, label: "No one" },
    ...candidates.map((user) => ({ value: user.id, label: `${user.name || user.username} (${user.username})` })),
  ];
  return (
    <section aria-labelledby="ooo-new-heading" className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="ooo-new-heading" className="text-lg font-semibold">
        Add an out-of-office entry
      </h2>
      <p className="mt-1 text-sm text-slate-600">Whole days in your time zone, {timeZone.replaceAll("_", " ")}. No one can book you meanwhile.</p>
      <Form
        form={form}
        aria-labelledby="ooo-new-heading"
        className="mt-4 space-y-4"
        onSubmit={(values) => create.mutate({ body: toOooInput(values, timeZone) })}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <DateField name="start" label="First day" />
          <DateField name="end" label="Last day" />
          <SelectField name="reason" label="Reason" options={OOO_REASONS.map((reason) => ({ value: reason, label: REASON_LABELS[reason] }))} />
          {candidates.length > 0 && (
            <SelectField
              name="toUserId"
              label="Redirect bookings to"
              options={redirectOptions}
              hint="A team member who takes your round-robin bookings while you are away."
            />
          )}
        </div>
        <TextareaField name="notes" label="Notes (optional)" maxLength={500} />
        <SubmitButton pending={create.isPending} pendingLabel="Adding…">
          Add entry
        </SubmitButton>
      </Form>
    </section>
  );
}

const DAY_OPTIONS: Intl.DateTimeFormatOptions = { weekday: "short", day: "numeric", month: "short", year: "numeric" };

/**
 * Whole days read back as the days picked: the stored end is the midnight after the last day, so an entry made as
 * 21 Dec – 3 Jan says 3 Jan, not "4 Jan, 00:00". An entry with times (made through the API) shows its instants.
 */
export function periodText(entry: { start: string; end: string }, timeZone: string) {
  const isMidnight = (iso: string) => startOfDayIn(dateIn(iso, timeZone), timeZone).toISOString() === new Date(iso).toISOString();
  if (!isMidnight(entry.start) || !isMidnight(entry.end)) return `${formatInZone(entry.start, timeZone)} – ${formatInZone(entry.end, timeZone)}`;
  const lastDay = new Date(Date.parse(entry.end) - 1);
  return `${formatInZone(entry.start, timeZone, DAY_OPTIONS).replace(/ \(.*\)$/, "")} – ${formatInZone(lastDay, timeZone, DAY_OPTIONS)}`;
}
