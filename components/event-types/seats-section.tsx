"use client";
/** Seats: several attendees book the same time, each with their own seat, up to a number per time (event-types/seats.ts). */
import { useFormContext, useWatch } from "react-hook-form";
import { seatsInput, type TSeatsInput } from "@/server/event-types/seats";
import { SwitchControl, SwitchField } from "../form/fields";
import { Form, SubmitButton } from "../form/form";
import { NumberField } from "./number-field";
import { Fieldset } from "./section-frame";
import type { TEditorData } from "./types";
import { useSectionForm } from "./use-section-form";

const valuesOf = ({ eventType }: TEditorData) => ({ seats: seatsInput(eventType.seats) });

/** What switching seats on starts from: the stored seats if there are any, else a small class. */
const DEFAULT_SEATS = { seatsPerTimeSlot: 10, showAttendeeInfo: false, showAvailabilityCount: true } as const;

export function SeatsSection({ data }: { data: TEditorData }) {
  const { form, save, submit } = useSectionForm(data, valuesOf);
  return (
    <Form form={form} onSubmit={submit} label="Seats" className="space-y-6">
      <SeatsFields data={data} />
      <SubmitButton pending={save.isPending}>Save seats</SubmitButton>
    </Form>
  );
}

function SeatsFields({ data }: { data: TEditorData }) {
  const { setValue, formState } = useFormContext();
  const seats = useWatch({ name: "seats" }) as TSeatsInput | undefined;
  const isOn = Boolean(seats && "seatsPerTimeSlot" in seats);
  const stored = seatsInput(data.eventType.seats);
  const set = (on: boolean) =>
    setValue("seats", on ? ("seatsPerTimeSlot" in stored ? stored : DEFAULT_SEATS) : { disabled: true }, { shouldDirty: true, shouldValidate: true });
  const error = (formState.errors.seats as { message?: string } | undefined)?.message;
  return (
    <Fieldset legend="Seats" hint="Several people book the same time, each taking a seat, until the seats run out. Seats cannot be combined with confirmation.">
      <SwitchControl label="Offer seats" isSelected={isOn} onChange={set} />
      {isOn && (
        <div className="space-y-4">
          <NumberField name="seats.seatsPerTimeSlot" label="Seats per time" min={1} max={1000} emptyAs={undefined} className="max-w-xs" />
          <SwitchField name="seats.showAttendeeInfo" label="Attendees see each other's names and e-mails" />
          <SwitchField name="seats.showAvailabilityCount" label="Show how many seats are left on the booking page" />
        </div>
      )}
      {error && <p className="text-sm text-red-700">{error}</p>}
    </Fieldset>
  );
}
