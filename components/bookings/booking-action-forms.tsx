"use client";
/**
 * The booking actions that take input, each a form of the kit on the REST body's own schema (so the browser shows the
 * API's messages, and the service's field errors land on these fields): decline, cancel, add guests, change location,
 * mark no-show.
 */
import { z } from "zod";
import type { TBookingOutput } from "@/server/bookings/booking.dto";
import { ZAddGuestsInput, ZCancelBookingInput, ZDeclineBookingInput, ZMarkAbsentInput } from "@/server/bookings/booking-actions.schemas";
import { SelectField, SwitchField, TextareaField, TextField } from "../form/fields";
import { Form, SubmitButton, useZodForm } from "../form/form";
import { useFormMutation } from "../form/use-form-mutation";
import { useTRPC } from "../trpc/client";
import { Button } from "../ui/button";

export type TActionFormProps = { booking: TBookingOutput; onDone: () => void; onBack: () => void };

function FormButtons({ pending, children, variant }: { pending: boolean; children: string; variant?: "primary" | "danger" }) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <SubmitButton pending={pending} pendingLabel="Saving…" variant={variant}>
        {children}
      </SubmitButton>
    </div>
  );
}

function useBookingForm<TSchema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(schema: TSchema, defaultValues: z.input<TSchema>) {
  return useZodForm(schema, { defaultValues: defaultValues as never });
}

function BackButton({ onBack }: { onBack: () => void }) {
  return (
    <Button variant="secondary" onClick={onBack}>
      Back
    </Button>
  );
}

export function DeclineForm({ booking, onDone, onBack }: TActionFormProps) {
  const trpc = useTRPC();
  const form = useBookingForm(ZDeclineBookingInput, { reason: "" });
  const decline = useFormMutation(form, trpc.bookings.decline.mutationOptions(), {
    success: "Booking declined",
    invalidates: [trpc.bookings.pathKey()],
    onSuccess: onDone,
  });
  return (
    <Form form={form} label="Decline the booking" onSubmit={(body) => decline.mutate({ bookingUid: booking.uid, body })}>
      <TextareaField name="reason" label="Reason for declining (optional)" hint="Sent to the attendees." maxLength={1000} />
      <div className="flex justify-between gap-2">
        <BackButton onBack={onBack} />
        <FormButtons pending={decline.isPending} variant="danger">
          Decline booking
        </FormButtons>
      </div>
    </Form>
  );
}

export function CancelForm({ booking, onDone, onBack }: TActionFormProps) {
  const trpc = useTRPC();
  const form = useBookingForm(ZCancelBookingInput, { cancellationReason: "" });
  const cancel = useFormMutation(form, trpc.bookings.cancel.mutationOptions(), {
    success: "Booking cancelled",
    invalidates: [trpc.bookings.pathKey()],
    onSuccess: onDone,
  });
  return (
    <Form form={form} label="Cancel the booking" onSubmit={(body) => cancel.mutate({ bookingUid: booking.uid, body })}>
      <TextareaField name="cancellationReason" label="Reason for cancelling (optional)" hint="Sent to the attendees." maxLength={1000} />
      <div className="flex justify-between gap-2">
        <BackButton onBack={onBack} />
        <FormButtons pending={cancel.isPending} variant="danger">
          Cancel booking
        </FormButtons>
      </div>
    </Form>
  );
}

export function AddGuestsForm({ booking, onDone, onBack }: TActionFormProps) {
  const trpc = useTRPC();
  const form = useBookingForm(ZAddGuestsInput, { guests: [{ email: "", name: "" }] });
  const add = useFormMutation(form, trpc.bookings.addGuests.mutationOptions(), {
    success: "Guest added",
    invalidates: [trpc.bookings.pathKey()],
    onSuccess: onDone,
  });
  return (
    <Form
      form={form}
      label="Add a guest"
      onSubmit={(body) => add.mutate({ bookingUid: booking.uid, body: { guests: body.guests.map((guest) => ({ ...guest, name: guest.name || undefined })) } })}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="guests.0.email" label="Guest's e-mail" type="email" autoComplete="off" />
        <TextField name="guests.0.name" label="Guest's name (optional)" autoComplete="off" isOptional />
      </div>
      <div className="flex justify-between gap-2">
        <BackButton onBack={onBack} />
        <FormButtons pending={add.isPending}>Add guest</FormButtons>
      </div>
    </Form>
  );
}

const LOCATION_KINDS = [
  { value: "address", label: "In person (address)" },
  { value: "link", label: "Online (meeting link)" },
  { value: "phone", label: "Phone call (number)" },
] as const;

/**
 * The three places a host can name; `value` goes to the field of the location that kind uses. The body's own schema
 * (ZUpdateLocationInput) sits with the database-backed booking schemas, so the procedure checks it and its message
 * shows above the fields.
 */
const ZLocationForm = z.object({ type: z.enum(["address", "link", "phone"]), value: z.string().trim().min(1, "Give the new location") });

export function LocationForm({ booking, onDone, onBack }: TActionFormProps) {
  const trpc = useTRPC();
  const form = useBookingForm(ZLocationForm, { type: "address", value: "" });
  const update = useFormMutation(form, trpc.bookings.updateLocation.mutationOptions(), {
    success: "Location changed",
    invalidates: [trpc.bookings.pathKey()],
    onSuccess: onDone,
  });
  return (
    <Form
      form={form}
      label="Change the location"
      onSubmit={({ type, value }) => update.mutate({ bookingUid: booking.uid, body: { location: { type, [type]: value } } })}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField name="type" label="Kind of location" options={LOCATION_KINDS} />
        <TextField name="value" label="Address, link or number" autoComplete="off" />
      </div>
      <div className="flex justify-between gap-2">
        <BackButton onBack={onBack} />
        <FormButtons pending={update.isPending}>Save location</FormButtons>
      </div>
    </Form>
  );
}

export function NoShowForm({ booking, onDone, onBack }: TActionFormProps) {
  const trpc = useTRPC();
  const form = useBookingForm(ZMarkAbsentInput, {
    host: booking.absentHost,
    attendees: booking.attendees.map((attendee) => ({ email: attendee.email, absent: attendee.absent })),
  });
  const mark = useFormMutation(form, trpc.bookings.markAbsent.mutationOptions(), {
    success: "No-shows saved",
    invalidates: [trpc.bookings.pathKey()],
    onSuccess: onDone,
  });
  return (
    <Form form={form} label="Mark no-shows" onSubmit={(body) => mark.mutate({ bookingUid: booking.uid, body })}>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-800">Who did not attend</legend>
        <SwitchField name="host" label="The host" />
        {booking.attendees.map((attendee, index) => (
          <SwitchField key={attendee.id} name={`attendees.${index}.absent`} label={`${attendee.name} (${attendee.email})`} />
        ))}
      </fieldset>
      <div className="flex justify-between gap-2">
        <BackButton onBack={onBack} />
        <FormButtons pending={mark.isPending}>Save no-shows</FormButtons>
      </div>
    </Form>
  );
}
