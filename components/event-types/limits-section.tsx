"use client";
/** Limits: buffers, minimum notice, slot interval, how far ahead (booking window), and bookings or minutes per period. */
import { useFormContext, useWatch } from "react-hook-form";
import { PERIODS } from "@/server/event-types/booking-limits";
import { bookingWindowInput } from "@/server/event-types/event-type-input";
import { DateField, SwitchField } from "../form/fields";
import { Form, SubmitButton } from "../form/form";
import { ChoiceSelect } from "./choice-select";
import { NumberField } from "./number-field";
import { Fieldset } from "./section-frame";
import type { TEditorData } from "./types";
import { useSectionForm } from "./use-section-form";

const valuesOf = ({ eventType }: TEditorData) => ({
  beforeEventBuffer: eventType.beforeEventBuffer,
  afterEventBuffer: eventType.afterEventBuffer,
  minimumBookingNotice: eventType.minimumBookingNotice,
  slotInterval: eventType.slotInterval,
  bookingWindow: bookingWindowInput(eventType.bookingWindow),
  bookingLimitsCount: eventType.bookingLimitsCount ?? {},
  bookingLimitsDuration: eventType.bookingLimitsDuration ?? {},
});

export function LimitsSection({ data }: { data: TEditorData }) {
  const { form, save, submit } = useSectionForm(data, valuesOf);
  return (
    <Form form={form} onSubmit={submit} label="Limits" className="space-y-6">
      <Fieldset legend="Before and after">
        <div className="grid gap-4 sm:grid-cols-2">
          <NumberField name="beforeEventBuffer" label="Buffer before (minutes)" emptyAs={0} max={1440} hint="Free time kept before each booking." />
          <NumberField name="afterEventBuffer" label="Buffer after (minutes)" emptyAs={0} max={1440} hint="Free time kept after each booking." />
          <NumberField name="minimumBookingNotice" label="Minimum notice (minutes)" emptyAs={0} max={525_600} hint="No booking closer to now than this." />
          <NumberField name="slotInterval" label="Slot interval (minutes, optional)" emptyAs={null} min={1} max={1440} hint="Empty: the event's length." />
        </div>
      </Fieldset>
      <BookingWindowFields />
      <PeriodLimits
        name="bookingLimitsCount"
        legend="Frequency limits"
        unit="bookings"
        hint="At most this many bookings per host in each period. Empty: no limit."
      />
      <PeriodLimits
        name="bookingLimitsDuration"
        legend="Duration limits"
        unit="minutes"
        hint="At most this many minutes of bookings per host in each period (multiples of 15). Empty: no limit."
      />
      <SubmitButton pending={save.isPending}>Save limits</SubmitButton>
    </Form>
  );
}

const WINDOW_KINDS = [
  { value: "none", label: "No limit" },
  { value: "calendarDays", label: "A number of calendar days" },
  { value: "businessDays", label: "A number of business days" },
  { value: "range", label: "A date range" },
] as const;
type TWindowKind = (typeof WINDOW_KINDS)[number]["value"];

const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

function BookingWindowFields() {
  const { setValue, formState } = useFormContext();
  const window = useWatch({ name: "bookingWindow" }) as { type?: TWindowKind } | null | undefined;
  const kind: TWindowKind = window?.type ?? "none";
  const choose = (next: TWindowKind) => {
    const value = next === "none" ? null : next === "range" ? { type: "range", value: [isoDay(0), isoDay(30)] } : { type: next, value: 30, rolling: false };
    setValue("bookingWindow", value, { shouldDirty: true });
  };
  const error = (formState.errors.bookingWindow as { message?: string } | undefined)?.message;
  return (
    <Fieldset legend="Booking window" hint="How far ahead people can book.">
      <ChoiceSelect label="Bookable" options={WINDOW_KINDS} value={kind} onChange={choose} className="max-w-sm" />
      {(kind === "calendarDays" || kind === "businessDays") && (
        <div className="flex flex-wrap items-end gap-4">
          <NumberField name="bookingWindow.value" label="Days ahead" min={1} max={3650} className="w-40" />
          <SwitchField name="bookingWindow.rolling" label="Count only days with free times" className="pb-2" />
        </div>
      )}
      {kind === "range" && (
        <div className="grid gap-4 sm:grid-cols-2">
          <DateField name="bookingWindow.value.0" label="First day" />
          <DateField name="bookingWindow.value.1" label="Last day" />
        </div>
      )}
      {error && <p className="text-sm text-red-700">{error}</p>}
    </Fieldset>
  );
}

function PeriodLimits({ name, legend, unit, hint }: { name: string; legend: string; unit: string; hint: string }) {
  const { formState } = useFormContext();
  const error = (formState.errors[name] as { message?: string } | undefined)?.message;
  return (
    <Fieldset legend={legend} hint={hint}>
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {PERIODS.map((period) => (
          <NumberField key={period} name={`${name}.${period}`} label={`${unit[0]!.toUpperCase()}${unit.slice(1)} per ${period}`} min={1} />
        ))}
      </div>
      {error && <p className="text-sm text-red-700">{error}</p>}
    </Fieldset>
  );
}
