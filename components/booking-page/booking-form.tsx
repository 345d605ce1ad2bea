"use client";
/**
 * The booker's details for the picked slot, on the form kit. The server judges the answers with POST /v2/bookings'
 * own schema (the event type's questions are its data, not a schema the browser holds), and its refusals land on
 * the fields they name; the summary above the fields takes the focus, so a keyboard or screen-reader user hears
 * what went wrong where they are.
 */
import { useMutation } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";
import { useEffect, useRef } from "react";
import { useForm, useWatch, type UseFormReturn } from "react-hook-form";
import { ATTENDEE_PHONE_SLUG } from "@/server/event-types/booking-fields";
import { TextareaField, TextField } from "../form/fields";
import { Form, SubmitButton } from "../form/form";
import { useTRPC } from "../trpc/client";
import { describeError, fieldErrorsOf, type FieldErrors } from "../trpc/errors";
import { Button } from "../ui/button";
import { useHydrated } from "../ui/use-hydrated";
import { answerOf, BookingField, responseName } from "./booking-field";
import { LocationField, locationFieldOf, locationFromValues, type TLocationValues } from "./location-field";
import type { TBookingConfirmation, TBookingPageEvent, TPageField } from "./types";
import { usePrefill, useRoutingResponseId } from "./use-prefill";
import { formatRange, zoneLabel } from "./zoned-format";
import { describeRecurrence, occurrenceStarts } from "@/server/event-types/recurrence";

type Props = {
  page: TBookingPageEvent;
  slotStart: string;
  timeZone: string;
  onBooked: (confirmation: TBookingConfirmation) => void;
  onSlotTaken: (message: string) => void;
  onBack: () => void;
};

/** `occurrences`: how many occurrences of a recurring event type to book (the API's recurrenceCount). */
type TValues = { name: string; email: string; guests: string; location: TLocationValues; responses: Record<string, unknown>; occurrences: number };

const DEFAULTS: TValues = { name: "", email: "", guests: "", location: { index: "", answer: "" }, responses: {}, occurrences: 1 };

/** The series' count as chosen, or null when it is not a whole number from 1 to the event type's most. */
const chosenCount = (value: unknown, most: number) => (typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= most ? value : null);
const countMessage = (most: number) => `Choose a whole number of occurrences from 1 to ${most}`;

/** Guests as typed: separated by commas, semicolons, spaces or new lines. */
const guestsOf = (value: string) => value.split(/[\s,;]+/).filter(Boolean);

/** The body's paths (attendee.name, guests.2, location.phone, bookingFieldsResponses.plan; body.… in service errors) → the form's fields. */
function formFieldOf(path: string, values: TValues, page: TBookingPageEvent): string | null {
  const [head, next] = path.replace(/^body\./, "").split(".");
  if (head === "attendee") return next === "name" ? "name" : next === "email" ? "email" : next === "phoneNumber" ? responseName(ATTENDEE_PHONE_SLUG) : null;
  if (head === "bookingFieldsResponses") return next ? responseName(next) : null;
  if (head === "guests") return "guests";
  if (head === "recurrenceCount") return "occurrences";
  return head === "location" ? locationFieldOf(values.location, page.locations) : null;
}

/** Messages per form field, from the schema's issues and from the service's own refusals (an AppError's details). */
function applyRefusal(form: UseFormReturn<TValues>, failure: unknown, page: TBookingPageEvent) {
  const described = describeError(failure);
  const details = failure instanceof TRPCClientError ? (failure.data as { details?: unknown } | undefined)?.details : null;
  const serviceFields: FieldErrors = Array.isArray(details)
    ? fieldErrorsOf(details.filter((detail) => typeof detail?.path === "string" && typeof detail?.message === "string"))
    : {};
  const values = form.getValues();
  let isFocused = false;
  for (const [path, message] of Object.entries({ ...described.fields, ...serviceFields })) {
    const field = formFieldOf(path, values, page);
    if (!field || form.getFieldState(field as never).error) continue;
    form.setError(field as never, { type: "server", message }, { shouldFocus: !isFocused });
    isFocused = true;
  }
  form.setError("root.server", { type: "server", message: described.message });
}

/** The questions answered in bookingFieldsResponses: custom fields, title and notes (the booker's phone goes in attendee). */
const isAnsweredInResponses = (field: TPageField) =>
  (!field.isDefault || field.slug === "title" || field.slug === "notes") && field.slug !== ATTENDEE_PHONE_SLUG;

const isConflict = (error: unknown) => error instanceof TRPCClientError && error.data?.code === "CONFLICT";

export function BookingForm({ page, slotStart, timeZone, onBooked, onSlotTaken, onBack }: Props) {
  const trpc = useTRPC();
  const book = useMutation(trpc.bookingPage.book.mutationOptions({ meta: { showsError: true } }));
  const prefill = usePrefill(page.fields);
  const routingResponseId = useRoutingResponseId();
  // A series books the event type's most occurrences unless the booker asks for fewer, as the peer's booker does.
  const form = useForm<TValues>({ mode: "onTouched", defaultValues: { ...DEFAULTS, occurrences: page.recurrence?.occurrences ?? 1, ...prefill } });
  const isHydrated = useHydrated();
  const heading = useRef<HTMLHeadingElement>(null);
  const slotEnd = new Date(Date.parse(slotStart) + page.lengthInMinutes * 60_000).toISOString();
  // The slot button that was pressed is gone: the focus moves on with the flow, to this step's heading.
  useEffect(() => heading.current?.focus(), []);

  async function submit(values: TValues) {
    const count = page.recurrence ? chosenCount(values.occurrences, page.recurrence.occurrences) : null;
    if (page.recurrence && count === null)
      return form.setError("occurrences", { type: "validate", message: countMessage(page.recurrence.occurrences) }, { shouldFocus: true });
    const shows = (slug: string) => page.fields.find((field) => field.slug === slug);
    const phoneField = shows(ATTENDEE_PHONE_SLUG);
    const phoneNumber = phoneField ? answerOf(phoneField, values.responses[ATTENDEE_PHONE_SLUG]) : undefined;
    const responses = Object.fromEntries(
      page.fields.filter(isAnsweredInResponses).flatMap((field) => {
        const answer = answerOf(field, values.responses[field.slug]);
        return answer === undefined ? [] : [[field.slug, answer]];
      }),
    );
    const guests = guestsOf(values.guests);
    const location = locationFromValues(values.location, page.locations);
    try {
      onBooked(
        await book.mutateAsync({
          eventTypeId: page.eventTypeId,
          ...(page.privateLink ? { privateLink: page.privateLink } : {}),
          start: slotStart,
          attendee: {
            name: values.name,
            // An optional e-mail left blank is left out: the booker gives a phone number instead.
            ...(shows("email") && (values.email !== "" || shows("email")!.required) ? { email: values.email } : {}),
            ...(typeof phoneNumber === "string" ? { phoneNumber } : {}),
            timeZone,
          },
          ...(guests.length ? { guests } : {}),
          ...(count !== null ? { recurrenceCount: count } : {}),
          ...(location ? { location } : {}),
          ...(Object.keys(responses).length ? { bookingFieldsResponses: responses } : {}),
          ...(routingResponseId ? { routing: { responseId: routingResponseId } } : {}),
        }),
      );
    } catch (failure) {
      if (isConflict(failure)) return onSlotTaken(describeError(failure).message);
      applyRefusal(form, failure, page);
    }
  }

  return (
    <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <Form form={form} onSubmit={submit} aria-labelledby="booking-form-heading" className="space-y-4">
        <div>
          <h2 id="booking-form-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
            Your details
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            {formatRange(slotStart, slotEnd, timeZone)} <span className="text-slate-500">({zoneLabel(timeZone)})</span>
          </p>
        </div>
        {page.recurrence && <SeriesChoice recurrence={page.recurrence} slotStart={slotStart} lengthInMinutes={page.lengthInMinutes} timeZone={timeZone} />}
        {page.fields.map((field) => (
          <PageField key={field.slug} field={field} page={page} />
        ))}
        <div className="flex flex-wrap gap-3">
          <SubmitButton pending={book.isPending} pendingLabel="Booking…">
            Confirm booking
          </SubmitButton>
          <Button variant="secondary" onClick={onBack} disabled={!isHydrated || book.isPending}>
            Choose another time
          </Button>
        </div>
      </Form>
    </div>
  );
}

/** One field of the page's form: the booker's name, e-mail and guests, the location, or a question. */
function PageField({ field, page }: { field: TPageField; page: TBookingPageEvent }) {
  switch (field.slug) {
    case "name":
      return <TextField name="name" label={field.label} autoComplete="name" required maxLength={200} />;
    case "email":
      return <TextField name="email" label={field.label} type="email" autoComplete="email" required={field.required} maxLength={254} />;
    case "guests":
      return <TextareaField name="guests" label={field.label} rows={2} hint="E-mail addresses of people to invite too, separated by commas." />;
    case "location":
      return <LocationField label={field.label} locations={page.locations} />;
    default:
      return <BookingField field={field} />;
  }
}

/**
 * A recurring event type books a series: as many occurrences as the booker chooses, up to the event type's most (the
 * default). Every date of the chosen count is listed before anything is booked.
 */
function SeriesChoice({
  recurrence,
  slotStart,
  lengthInMinutes,
  timeZone,
}: {
  recurrence: NonNullable<TBookingPageEvent["recurrence"]>;
  slotStart: string;
  lengthInMinutes: number;
  timeZone: string;
}) {
  const count = chosenCount(useWatch({ name: "occurrences" }), recurrence.occurrences);
  const starts = count === null ? [] : occurrenceStarts(new Date(slotStart), recurrence, count, timeZone);
  return (
    <div className="space-y-2 text-sm text-slate-700">
      <TextField
        name="occurrences"
        label="Number of occurrences"
        type="number"
        inputMode="numeric"
        min={1}
        max={recurrence.occurrences}
        step={1}
        required
        className="max-w-48"
        hint={`From 1 to ${recurrence.occurrences}; each is a booking of its own, cancelled or moved alone.`}
      />
      {count === null ? (
        <p>{countMessage(recurrence.occurrences)}.</p>
      ) : (
        <>
          <p aria-live="polite">Repeats {describeRecurrence(recurrence, starts.length)}:</p>
          <ol aria-label="Occurrences" className="list-decimal pl-5">
            {starts.map((start) => (
              <li key={start.toISOString()}>
                {formatRange(start.toISOString(), new Date(start.getTime() + lengthInMinutes * 60_000).toISOString(), timeZone)}
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
