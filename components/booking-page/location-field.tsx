"use client";
import { useWatch } from "react-hook-form";
import type { TLocationInput } from "@/server/bookings/booking.schemas";
import { RadioGroupField } from "../form/choice-fields";
import { TextField } from "../form/fields";
import { useFieldError } from "../form/field-error";
import { locationText } from "./location-text";
import type { TPageLocation } from "./types";

type Props = { label: string; locations: TPageLocation[] };

/** The location's values in the booking form: which place (its index, for several) and the visitor's answer. */
export type TLocationValues = { index: string; answer: string };

/** The place chosen (or the only one), if any. */
const chosenOf = (locations: TPageLocation[], index: string) => (locations.length === 1 ? locations[0] : locations[Number(index === "" ? NaN : index)]);

/**
 * The location booking field. One place: shown, with the visitor's own answer when it is theirs to give (their
 * address, phone, a place). Several: a radio group, and the answer of the chosen one when it needs one.
 */
export function LocationField({ label, locations }: Props) {
  const index = (useWatch({ name: "location.index" }) as string | undefined) ?? "";
  const only = locations.length === 1 ? locations[0]! : null;
  const selected = chosenOf(locations, index);
  const onlyError = useFieldError("location.index", label);
  return (
    <div className="space-y-2">
      {only ? (
        <div>
          <p className="text-sm font-medium text-slate-800">{label}</p>
          <p className="mt-1 text-sm break-words text-slate-700">{locationText(only)}</p>
          {!only.input && onlyError && <p className="mt-1 text-sm text-red-700">{onlyError}</p>}
        </div>
      ) : (
        <RadioGroupField
          name="location.index"
          legend={label}
          options={locations.map((location, position) => ({ value: String(position), label: locationText(location) }))}
          hint="Where the meeting takes place."
        />
      )}
      {selected?.input && (
        <TextField
          key={locations.indexOf(selected)}
          name="location.answer"
          label={selected.input.label}
          type={selected.input.field === "phone" ? "tel" : "text"}
          autoComplete={selected.input.field === "phone" ? "tel" : selected.input.field === "address" ? "street-address" : "off"}
          required
          maxLength={500}
          hint={selected.input.field === "phone" ? "In international format, e.g. +14155550123." : undefined}
        />
      )}
    </div>
  );
}

/** The booking body's `location` from the form: the chosen (or only) place, with the visitor's answer where it needs one. */
export function locationFromValues(values: TLocationValues, locations: TPageLocation[]): TLocationInput | undefined {
  const location = chosenOf(locations, values.index);
  if (!location) return undefined;
  if (!location.input) return location.choice;
  return { ...location.choice, [location.input.field]: values.answer.trim() };
}

/** Where a refusal of the body's `location` shows: on the answer when the chosen place asks one, else on the choice. */
export function locationFieldOf(values: TLocationValues, locations: TPageLocation[]): string {
  return chosenOf(locations, values.index)?.input ? "location.answer" : "location.index";
}
