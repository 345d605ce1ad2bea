"use client";
/** Dates whose hours differ from the week's: a day off (00:00–00:00) or other hours, one entry per date. */
import { useFieldArray, useFormContext, useWatch } from "react-hook-form";
import type { TUpdateScheduleInput } from "@/server/schedules/schedule.schemas";
import { DateField, SelectField, SwitchControl } from "../form/fields";
import { Button } from "../ui/button";
import { isDayOff } from "./schedule-form";
import { endTimeOptions, startTimeOptions } from "./time-options";

type Override = { date: string; startTime: string; endTime: string };

export function DateOverrides() {
  const { control, setValue } = useFormContext<TUpdateScheduleInput>();
  const { fields, append, remove } = useFieldArray({ control, name: "overrides" });
  const values = (useWatch({ control, name: "overrides" }) ?? []) as Override[];
  return (
    <fieldset>
      <legend className="text-base font-semibold">Date overrides</legend>
      <p className="mt-1 text-sm text-slate-600">A date here replaces its weekday’s hours: take the day off, or set other hours.</p>
      {fields.length > 0 && (
        <ul className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {fields.map((field, index) => {
            const value = values[index] ?? field;
            const isOff = isDayOff(value);
            const which = value.date || `override ${index + 1}`;
            return (
              <li key={field.id} className="flex flex-col gap-3 px-4 py-3 md:flex-row md:flex-wrap md:items-end">
                <DateField name={`overrides.${index}.date`} label="Date" className="md:w-48" />
                <SwitchControl
                  label="Day off"
                  isSelected={isOff}
                  className="md:mb-2"
                  onChange={(off) => {
                    setValue(`overrides.${index}.startTime`, off ? "00:00" : "09:00", { shouldDirty: true });
                    setValue(`overrides.${index}.endTime`, off ? "00:00" : "17:00", { shouldDirty: true, shouldValidate: true });
                  }}
                />
                {!isOff && (
                  <div className="flex items-start gap-2">
                    <SelectField
                      name={`overrides.${index}.startTime`}
                      label={`Hours on ${which} from`}
                      isLabelHidden
                      options={startTimeOptions(value.startTime)}
                      className="w-28"
                    />
                    <span aria-hidden="true" className="mt-3 text-slate-500">
                      –
                    </span>
                    <SelectField
                      name={`overrides.${index}.endTime`}
                      label={`Hours on ${which} to`}
                      isLabelHidden
                      options={endTimeOptions(value.endTime)}
                      className="w-40"
                    />
                  </div>
                )}
                <Button variant="secondary" className="md:mb-0.5" aria-label={`Remove the override of ${which}`} onClick={() => remove(index)}>
                  Remove
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <Button variant="secondary" className="mt-3" onClick={() => append({ date: "", startTime: "00:00", endTime: "00:00" }, { shouldFocus: false })}>
        Add a date override
      </Button>
    </fieldset>
  );
}
