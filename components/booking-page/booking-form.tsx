"use client";
import { useMutation } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";
import { useState, type FormEvent } from "react";
import { ATTENDEE_PHONE_SLUG } from "@/server/event-types/booking-fields";
import { useTRPC } from "../trpc/client";
import { describeError, fieldErrorsOf, type FieldErrors } from "../trpc/errors";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { TextField } from "../ui/text-field";
import { TextareaField } from "../ui/textarea-field";
import { useHydrated } from "../ui/use-hydrated";
import { answerFromForm, BookingField } from "./booking-field";
import { LocationField, locationFromForm } from "./location-field";
import type { TBookingConfirmation, TBookingPageEvent, TPageField } from "./types";
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

/** The body's paths (attendee.name, guests.2, location.phone, bookingFieldsResponses.plan; body.… in service errors) → the form's fields. */
function formFieldOf(path: string): string | null {
  const [head, next] = path.replace(/^body\./, "").split(".");
  if (head === "attendee") return next === "name" ? "name" : next === "email" ? "email" : next === "phoneNumber" ? ATTENDEE_PHONE_SLUG : null;
  if (head === "bookingFieldsResponses") return next ?? null;
  return head === "guests" || head === "location" ? head : null;
}

/** Messages per form field, from the schema's issues and from the service's own refusals (an AppError's details). */
function toFormFields(failure: unknown, fields: FieldErrors): FieldErrors {
  const details = failure instanceof TRPCClientError ? (failure.data as { details?: unknown } | undefined)?.details : null;
  const serviceFields = Array.isArray(details)
    ? fieldErrorsOf(details.filter((detail) => typeof detail?.path === "string" && typeof detail?.message === "string"))
    : {};
  const formFields: FieldErrors = {};
  for (const [path, message] of Object.entries({ ...fields, ...serviceFields })) {
    const field = formFieldOf(path);
    if (field) formFields[field] ??= message;
  }
  return formFields;
}

/** The questions answered in bookingFieldsResponses: custom fields, title and notes (the booker's phone goes in attendee). */
const isAnsweredInResponses = (field: TPageField) =>
  (!field.isDefault || field.slug === "title" || field.slug === "notes") && field.slug !== ATTENDEE_PHONE_SLUG;

const isConflict = (error: unknown) => error instanceof TRPCClientError && error.data?.code === "CONFLICT";

export function BookingForm({ page, slotStart, timeZone, onBooked, onSlotTaken, onBack }: Props) {
  const trpc = useTRPC();
  const book = useMutation(trpc.bookingPage.book.mutationOptions({ meta: { showsError: true } }));
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<FieldErrors>({});
  const isHydrated = useHydrated();
  const slotEnd = new Date(Date.parse(slotStart) + page.lengthInMinutes * 60_000).toISOString();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const guests = guestsOf(String(form.get("guests") ?? ""));
    const shows = (slug: string) => page.fields.find((field) => field.slug === slug);
    const email = String(form.get("email") ?? "");
    const phoneField = shows(ATTENDEE_PHONE_SLUG);
    const phoneNumber = phoneField ? answerFromForm(form, phoneField) : undefined;
    const responses = Object.fromEntries(
      page.fields.filter(isAnsweredInResponses).flatMap((field) => {
        const answer = answerFromForm(form, field);
        return answer === undefined ? [] : [[field.slug, answer]];
      }),
    );
    const location = locationFromForm(form, page.locations);
    setError(null);
    setFields({});
    try {
      // Validated by the server with POST /v2/bookings' own schema, so the messages are the API's.
      onBooked(
        await book.mutateAsync({
          eventTypeId: page.eventTypeId,
          ...(page.privateLink ? { privateLink: page.privateLink } : {}),
          start: slotStart,
          attendee: {
            name: String(form.get("name") ?? ""),
            // An optional e-mail left blank is left out: the booker gives a phone number instead.
            ...(shows("email") && (email !== "" || shows("email")!.required) ? { email } : {}),
            ...(typeof phoneNumber === "string" ? { phoneNumber } : {}),
            timeZone,
          },
          ...(guests.length ? { guests } : {}),
          ...(location ? { location } : {}),
          ...(Object.keys(responses).length ? { bookingFieldsResponses: responses } : {}),
        }),
      );
    } catch (failure) {
      const described = describeError(failure);
      if (isConflict(failure)) return onSlotTaken(described.message);
      setError(described.message);
      setFields(toFormFields(failure, described.fields));
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
        {page.fields.map((field) => (
          <PageField key={field.slug} field={field} page={page} error={fields[field.slug]} />
        ))}
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

/** One field of the page's form: the booker's name, e-mail and guests, the location, or a question. */
function PageField({ field, page, error }: { field: TPageField; page: TBookingPageEvent; error?: string }) {
  switch (field.slug) {
    case "name":
      return <TextField name="name" label={field.label} autoComplete="name" required maxLength={200} error={error} />;
    case "email":
      return <TextField name="email" label={field.label} type="email" autoComplete="email" required={field.required} error={error} />;
    case "guests":
      return <TextareaField name="guests" label={field.label} rows={2} error={error} hint="E-mail addresses of people to invite too, separated by commas." />;
    case "location":
      return <LocationField label={field.label} locations={page.locations} error={error} />;
    default:
      return <BookingField field={field} error={error} />;
  }
}
