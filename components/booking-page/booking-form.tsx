"use client";
import { useMutation } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";
import { useState, type FormEvent } from "react";
import { useTRPC } from "../trpc/client";
import { describeError, type FieldErrors } from "../trpc/errors";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { TextField } from "../ui/text-field";
import { TextareaField } from "../ui/textarea-field";
import { useHydrated } from "../ui/use-hydrated";
import type { TBookingConfirmation, TBookingPageEvent } from "./types";
import { formatRange, zoneLabel } from "./zoned-format";

type Props = {
  page: TBookingPageEvent;
  slotStart: string;
  timeZone: string;
  onBooked: (confirmation: TBookingConfirmation) => void;
  onSlotTaken: (message: string) => void;
  onBack: () => void;
};

/** Guests as typed: separated by commas, semicolons, spaces or new lines. */
const guestsOf = (value: string) => value.split(/[\s,;]+/).filter(Boolean);

/** The v2 schema's paths (attendee.name, guests.2) → the form's fields. */
function toFormFields(fields: FieldErrors): FieldErrors {
  const formFields: FieldErrors = {};
  for (const [path, message] of Object.entries(fields)) {
    const field = path === "attendee.name" ? "name" : path === "attendee.email" ? "email" : path.startsWith("guests") ? "guests" : null;
    if (field) formFields[field] ??= message;
  }
  return formFields;
}

const isConflict = (error: unknown) => error instanceof TRPCClientError && error.data?.code === "CONFLICT";

export function BookingForm({ page, slotStart, timeZone, onBooked, onSlotTaken, onBack }: Props) {
  const trpc = useTRPC();
  const book = useMutation(trpc.bookingPage.book.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<FieldErrors>({});
  const isHydrated = useHydrated();
  const slotEnd = new Date(Date.parse(slotStart) + page.lengthInMinutes * 60_000).toISOString();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const guests = guestsOf(String(form.get("guests") ?? ""));
    setError(null);
    setFields({});
    try {
      // Validated by the server with POST /v2/bookings' own schema, so the messages are the API's.
      onBooked(
        await book.mutateAsync({
          eventTypeId: page.eventTypeId,
          ...(page.privateLink ? { privateLink: page.privateLink } : {}),
          start: slotStart,
          attendee: { name: String(form.get("name") ?? ""), email: String(form.get("email") ?? ""), timeZone },
          ...(guests.length ? { guests } : {}),
        }),
      );
    } catch (failure) {
      const described = describeError(failure);
      if (isConflict(failure)) return onSlotTaken(described.message);
      setError(described.message);
      setFields(toFormFields(described.fields));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="booking-form-heading" className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="booking-form-heading" className="text-lg font-semibold">
        Your details
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {formatRange(slotStart, slotEnd, timeZone)} <span className="text-slate-500">({zoneLabel(timeZone)})</span>
      </p>
      <div className="mt-4 space-y-4">
        {error && <Alert>{error}</Alert>}
        <TextField name="name" label="Your name" autoComplete="name" required maxLength={200} error={fields.name} />
        <TextField name="email" label="E-mail" type="email" autoComplete="email" required error={fields.email} />
        {!page.disableGuests && (
          <TextareaField
            name="guests"
            label="Guests (optional)"
            rows={2}
            error={fields.guests}
            hint="E-mail addresses of people to invite too, separated by commas."
          />
        )}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={!isHydrated || book.isPending}>
            {book.isPending ? "Booking…" : "Confirm booking"}
          </Button>
          <Button variant="secondary" onClick={onBack} disabled={!isHydrated || book.isPending}>
            Choose another time
          </Button>
        </div>
      </div>
    </form>
  );
}
