"use client";
/** Advanced: confirmation by the host, the booking questions, hidden from the profile, guests, where bookers go after booking. */
import { useFormContext, useWatch } from "react-hook-form";
import { confirmationPolicyInput, eventTypeInput } from "@/server/event-types/event-type-input";
import { SwitchControl, SwitchField } from "../form/fields";
import { Form, SubmitButton } from "../form/form";
import { BookingQuestions } from "./booking-questions";
import { Fieldset } from "./section-frame";
import { NullableTextField } from "./text-fields";
import type { TEditorData } from "./types";
import { useSectionForm } from "./use-section-form";

const valuesOf = (data: TEditorData) => {
  const { confirmationPolicy, hidden, successRedirectUrl, disableGuests, bookingFields } = eventTypeInput(data.eventType);
  return { confirmationPolicy, hidden, successRedirectUrl, disableGuests, bookingFields };
};

export function AdvancedSection({ data }: { data: TEditorData }) {
  const { form, save, submit } = useSectionForm(data, valuesOf);
  return (
    <Form form={form} onSubmit={submit} label="Advanced" className="space-y-6">
      <Fieldset legend="Booking">
        <ConfirmationSwitch data={data} />
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

/**
 * The policy, not the bare flag, is the form's value: switching on restores a stored notice threshold ("only bookings
 * made less than 2 days ahead wait"), and saving other settings never turns a threshold into "always".
 */
function ConfirmationSwitch({ data }: { data: TEditorData }) {
  const { setValue } = useFormContext();
  const policy = useWatch({ name: "confirmationPolicy" }) as { type?: string } | undefined;
  const stored = confirmationPolicyInput(data.eventType.confirmationPolicy);
  const threshold = "noticeThreshold" in stored ? stored.noticeThreshold : undefined;
  const isOn = Boolean(policy && "type" in policy);
  return (
    <div>
      <SwitchControl
        label="Requires confirmation"
        isSelected={isOn}
        onChange={(on) => setValue("confirmationPolicy", on ? ("type" in stored ? stored : { type: "always" }) : { disabled: true }, { shouldDirty: true })}
      />
      <p className="mt-1 text-xs text-slate-600">
        {isOn && threshold
          ? `Only bookings made less than ${threshold.count} ${threshold.unit} ahead wait for you to confirm them.`
          : "Bookings wait in Bookings → Unconfirmed until you confirm or decline them."}
      </p>
    </div>
  );
}
