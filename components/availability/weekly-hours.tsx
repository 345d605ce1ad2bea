"use client";
/**
 * The weekly hours of a schedule as the form holds them: `availability` entries of one day each (a day may have
 * several ranges), grouped here by weekday. A day without entries is unavailable.
 */
import { useFieldArray, useFormContext, useWatch } from "react-hook-form";
import type { TUpdateScheduleInput } from "@/server/schedules/schedule.schemas";
import { SelectField, SwitchControl } from "../form/fields";
import { Button } from "../ui/button";
import { CopyHoursButton } from "./copy-hours-button";
import { WEEK, type TDay } from "./schedule-form";
import { endTimeOptions, startTimeOptions } from "./time-options";

type Range = { days: TDay[]; startTime: string; endTime: string };

export function WeeklyHours() {
  const { control } = useFormContext<TUpdateScheduleInput>();
  const { fields, append, remove, insert } = useFieldArray({ control, name: "availability" });
  const values = (useWatch({ control, name: "availability" }) ?? []) as Range[];
  const rangesOf = (day: TDay) => fields.map((field, index) => ({ key: field.id, index })).filter(({ index }) => values[index]?.days[0] === day);

  /** Replaces each target day's ranges by the source day's. */
  function copy(from: TDay, to: TDay[]) {
    const source = rangesOf(from).map(({ index }) => values[index]!);
    const drop = fields.flatMap((_, index) => (to.includes(values[index]?.days[0] as TDay) ? [index] : []));
    remove(drop);
    append(to.flatMap((day) => source.map((range) => ({ days: [day], startTime: range.startTime, endTime: range.endTime }))));
  }

  return (
    <fieldset>
      <legend className="text-base font-semibold">Weekly hours</legend>
      <ul className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
        {WEEK.map((day) => {
          const ranges = rangesOf(day);
          return (
            <li key={day} className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-start">
              <SwitchControl
                label={day}
                labelClassName="w-24 font-medium"
                isSelected={ranges.length > 0}
                onChange={(isOn) => (isOn ? append({ days: [day], startTime: "09:00", endTime: "17:00" }) : remove(ranges.map(({ index }) => index)))}
                className="sm:mt-2"
              />
              <div className="flex-1 space-y-2">
                {ranges.length === 0 && <p className="text-sm text-slate-600 sm:mt-2">Unavailable</p>}
                {ranges.map(({ key, index }, position) => (
                  <div key={key} className="flex flex-wrap items-start gap-2">
                    <SelectField
                      name={`availability.${index}.startTime`}
                      label={`${day} range ${position + 1} from`}
                      isLabelHidden
                      options={startTimeOptions(values[index]?.startTime)}
                      className="w-28"
                    />
                    <span aria-hidden="true" className="mt-3 text-slate-500">
                      –
                    </span>
                    <SelectField
                      name={`availability.${index}.endTime`}
                      label={`${day} range ${position + 1} to`}
                      isLabelHidden
                      options={endTimeOptions(values[index]?.endTime)}
                      className="w-40"
                    />
                    <Button variant="secondary" className="mt-1" aria-label={`Remove ${day} range ${position + 1}`} onClick={() => remove(index)}>
                      Remove
                    </Button>
                  </div>
                ))}
              </div>
              <div className="flex gap-2">
                <Button
                  variant="secondary"
                  aria-label={`Add range on ${day}`}
                  onClick={() => {
                    const last = ranges.at(-1);
                    const after = last ? values[last.index]!.endTime : "09:00";
                    const start = after >= "23:00" ? "09:00" : after;
                    const entry = { days: [day], startTime: start, endTime: start === "09:00" ? "17:00" : "24:00" };
                    if (last) insert(last.index + 1, entry);
                    else append(entry);
                  }}
                >
                  Add range
                </Button>
                {ranges.length > 0 && <CopyHoursButton from={day} onCopy={(to) => copy(day, to)} />}
              </div>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
