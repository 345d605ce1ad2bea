"use client";
/** Advanced: confirmation by the host, the booking questions, hidden from the profile, guests, where bookers go after booking. */
import { useFormContext, useWatch } from "react-hook-form";
import { confirmationPolicyInput, eventTypeInput } from "@/server/event-types/event-type-input";
import type { TConfirmationPolicy } from "@/server/event-types/confirmation-policy";
import { SelectField, SwitchControl, SwitchField } from "../form/fields";
import { Form, SubmitButton } from "../form/form";
import { BookingQuestions } from "./booking-questions";
import { ChoiceSelect } from "./choice-select";
import { NumberField } from "./number-field";
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

const WHO_WAITS = [
  { value: "always", label: "Every booking" },
  { value: "time", label: "Bookings made at short notice" },
] as const;

const UNIT_OPTIONS = (["minutes", "hours", "days", "weeks"] as const).map((unit) => ({ value: unit, label: unit[0]!.toUpperCase() + unit.slice(1) }));

/** What switching on or picking "short notice" starts from: the stored threshold if there is one, else one day. */
const DEFAULT_THRESHOLD = { unit: "days", count: 1 } as const;

/**
 * The policy, not the bare flag, is the form's value: switching on restores a stored notice threshold ("only bookings
 * made less than 2 days ahead wait"), and saving other settings never turns a threshold into "always".
 */
function ConfirmationSwitch({ data }: { data: TEditorData }) {
  const { setValue } = useFormContext();
  const policy = useWatch({ name: "confirmationPolicy" }) as TConfirmationPolicy | undefined;
  const stored = confirmationPolicyInput(data.eventType.confirmationPolicy);
  const storedThreshold = "noticeThreshold" in stored ? stored.noticeThreshold : DEFAULT_THRESHOLD;
  const isOn = Boolean(policy && "type" in policy);
  const set = (next: TConfirmationPolicy) => setValue("confirmationPolicy", next, { shouldDirty: true, shouldValidate: true });
  return (
    <div className="space-y-3">
      <div>
        <SwitchControl
          label="Requires confirmation"
          isSelected={isOn}
          onChange={(on) => set(on ? ("type" in stored ? stored : { type: "always" }) : { disabled: true })}
        />
        <p className="mt-1 text-xs text-slate-600">
          {policy && "noticeThreshold" in policy && policy.noticeThreshold?.count
            ? `Only bookings made less than ${policy.noticeThreshold.count} ${policy.noticeThreshold.unit} ahead wait for you to confirm them; the others are accepted at once.`
            : "Bookings wait in Bookings → Unconfirmed until you confirm or decline them."}
        </p>
      </div>
      {policy && "type" in policy && (
        <div className="grid gap-4 sm:grid-cols-3">
          <ChoiceSelect
            label="Which bookings wait"
            options={WHO_WAITS}
            value={policy.type}
            onChange={(type) => set(type === "always" ? { type } : { type, noticeThreshold: storedThreshold })}
          />
          {policy.type === "time" && (
            <>
              <NumberField name="confirmationPolicy.noticeThreshold.count" label="Notice shorter than" min={1} max={100_000} emptyAs={undefined} />
              <SelectField name="confirmationPolicy.noticeThreshold.unit" label="Notice unit" options={UNIT_OPTIONS} />
            </>
          )}
        </div>
      )}
    </div>
  );
}
