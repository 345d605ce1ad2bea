"use client";
import { useState } from "react";
import type { TLocationInput } from "@/server/bookings/booking.schemas";
import { ChoiceGroup } from "../ui/choice-group";
import { TextField } from "../ui/text-field";
import { locationText } from "./location-text";
import type { TPageLocation } from "./types";

type Props = { label: string; locations: TPageLocation[]; error?: string };

/**
 * The location booking field. One place: shown, with the visitor's own answer when it is theirs to give (their
 * address, phone, a place). Several: a radio group, and the answer of the chosen one when it needs one.
 * The choice travels as form fields read by `locationFromForm`.
 */
export function LocationField({ label, locations, error }: Props) {
  const [chosen, setChosen] = useState<string | null>(null);
  const only = locations.length === 1 ? locations[0]! : null;
  const selected = only ?? (chosen === null ? null : locations[Number(chosen)]);
  return (
    <div className="space-y-2">
      {only ? (
        <div>
          <p className="text-sm font-medium text-slate-800">{label}</p>
          <p className="mt-1 break-words text-sm text-slate-700">{locationText(only)}</p>
          {!only.input && error && <p className="mt-1 text-sm text-red-700">{error}</p>}
        </div>
      ) : (
        <ChoiceGroup
          name="location.index"
          legend={label}
          type="radio"
          options={locations.map((location, index) => ({ value: String(index), label: locationText(location) }))}
          value={chosen}
          onChange={setChosen}
          error={selected?.input ? undefined : error}
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
          error={error}
          hint={selected.input.field === "phone" ? "In international format, e.g. +14155550123." : undefined}
        />
      )}
    </div>
  );
}

/** The booking body's `location` from the form: the chosen (or only) place, with the visitor's answer where it needs one. */
export function locationFromForm(form: FormData, locations: TPageLocation[]): TLocationInput | undefined {
  const location = locations.length === 1 ? locations[0] : locations[Number(form.get("location.index") ?? NaN)];
  if (!location) return undefined;
  if (!location.input) return location.choice;
  return { ...location.choice, [location.input.field]: String(form.get("location.answer") ?? "").trim() };
}
