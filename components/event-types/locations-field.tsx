"use client";
/**
 * Where the meeting takes place: the kinds come from the server's list (ZLocation's options, server/event-types/
 * location-kinds.ts), so a kind the backend adds appears here without a change. One row per location offered.
 */
import { useQuery } from "@tanstack/react-query";
import { useFieldArray, useWatch } from "react-hook-form";
import { SelectField, TextField } from "../form/fields";
import { useTRPC } from "../trpc/client";
import { Button } from "../ui/button";
import { ChoiceSelect } from "./choice-select";
import { Fieldset } from "./section-frame";
import type { TLocationKind } from "./types";

const VALUE_LABELS = { address: "Address", link: "Meeting link", phone: "Phone number (E.164, e.g. +14155550123)" } as const;

/** A new location of a kind, with its value empty (or the first app) for the person to fill in. */
function newLocation(kind: TLocationKind): Record<string, unknown> {
  if (kind.valueField === "integration") return { type: kind.type, integration: kind.integrations[0]?.value };
  if (kind.valueField) return { type: kind.type, [kind.valueField]: "" };
  return { type: kind.type };
}

/** The usable apps, plus the one the location names now when it is no longer connected (so it shows, and can be changed). */
function appOptions(kind: TLocationKind, chosen: string | undefined) {
  if (!chosen || kind.integrations.some((app) => app.value === chosen)) return kind.integrations;
  return [...kind.integrations, { value: chosen, label: `${chosen} (not connected)` }];
}

export function LocationsField() {
  const trpc = useTRPC();
  const kinds = useQuery(trpc.eventTypes.locationKinds.queryOptions());
  const { fields, append, remove } = useFieldArray({ name: "locations" });
  const current = (useWatch({ name: "locations" }) ?? []) as { integration?: string }[];
  const kindOf = (type: string) => kinds.data?.find((kind) => kind.type === type);
  return (
    <Fieldset legend="Locations" hint="Where the meeting happens. With several, the booker chooses one. A video app makes a meeting link for each booking.">
      {fields.length === 0 && (
        <p className="text-sm text-slate-600">No location: bookings get no meeting link or address. Add “Video conferencing app” for a meeting link.</p>
      )}
      <ul aria-label="Locations" className="space-y-3">
        {fields.map((field, index) => {
          const type = (field as unknown as { type: string }).type;
          const kind = kindOf(type);
          const label = kind?.label ?? type;
          return (
            <li key={field.id} className="flex flex-wrap items-end gap-3 rounded-md border border-slate-200 p-3" aria-label={`Location ${index + 1}: ${label}`}>
              <div className="min-w-48 flex-1">
                <p className="text-sm font-medium text-slate-800">{label}</p>
                {kind?.valueField === "integration" ? (
                  <SelectField name={`locations.${index}.integration`} label="App" options={appOptions(kind, current[index]?.integration)} />
                ) : kind?.valueField ? (
                  <TextField name={`locations.${index}.${kind.valueField}`} label={VALUE_LABELS[kind.valueField]} />
                ) : (
                  <p className="text-xs text-slate-600">The booker gives it when booking.</p>
                )}
              </div>
              <Button variant="secondary" onClick={() => remove(index)} aria-label={`Remove location ${index + 1}`}>
                Remove
              </Button>
            </li>
          );
        })}
      </ul>
      {kinds.data && (
        <ChoiceSelect
          label="Add a location"
          placeholder="Choose a kind"
          className="max-w-sm"
          value={null}
          options={kinds.data.map((kind) => ({ value: kind.type, label: kind.label }))}
          onChange={(type) => {
            const kind = kindOf(type);
            if (kind) append(newLocation(kind));
          }}
        />
      )}
    </Fieldset>
  );
}
