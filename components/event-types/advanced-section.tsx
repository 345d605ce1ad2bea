"use client";
/** Advanced: confirmation by the host, the booking questions, hidden from the profile, guests, where bookers go after booking. */
import { eventTypeInput } from "@/server/event-types/event-type-input";
import { SwitchField } from "../form/fields";
import { Form, SubmitButton } from "../form/form";
import { BookingQuestions } from "./booking-questions";
import { Fieldset } from "./section-frame";
import { NullableTextField } from "./text-fields";
import type { TEditorData } from "./types";
import { useSectionForm } from "./use-section-form";

const valuesOf = (data: TEditorData) => {
  const { hidden, successRedirectUrl, disableGuests, bookingFields } = eventTypeInput(data.eventType);
  return { requiresConfirmation: data.eventType.requiresConfirmation, hidden, successRedirectUrl, disableGuests, bookingFields };
};

export function AdvancedSection({ data }: { data: TEditorData }) {
  const { form, save, submit } = useSectionForm(data, valuesOf);
  const threshold = data.eventType.confirmationPolicy?.noticeThreshold;
  return (
    <Form form={form} onSubmit={submit} label="Advanced" className="space-y-6">
      <Fieldset legend="Booking">
        <SwitchField name="requiresConfirmation" label="Requires confirmation" />
        <p className="text-xs text-slate-600">
          {threshold
            ? `Now only bookings made less than ${threshold.count} ${threshold.unit} ahead wait for you; saving this switch on makes every booking wait.`
            : "Bookings wait in Bookings → Unconfirmed until you confirm or decline them."}
        </p>
        <SwitchField name="hidden" label="Hidden from your public page" />
        <SwitchField name="disableGuests" label="Bookers cannot add guests" />
        <NullableTextField
          name="successRedirectUrl"
          label="Redirect after booking (optional)"
          type="url"
          placeholder="https://example.com/thanks"
          hint="Where the booker goes after booking; empty: Convene's confirmation page."
        />
      </Fieldset>
      <BookingQuestions />
      <SubmitButton pending={save.isPending}>Save advanced settings</SubmitButton>
    </Form>
  );
}
