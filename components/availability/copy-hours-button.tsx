"use client";
import { useState } from "react";
import { Button as AriaButton, Checkbox, CheckboxGroup, Dialog, DialogTrigger, Heading, Popover } from "react-aria-components";
import { Button, FOCUS_RING } from "../ui/button";
import { WEEK, type TDay } from "./schedule-form";

/** "Copy times to…": a popover with the other weekdays to tick; their ranges become this day's. */
export function CopyHoursButton({ from, onCopy }: { from: TDay; onCopy: (to: TDay[]) => void }) {
  const [days, setDays] = useState<string[]>([]);
  return (
    <DialogTrigger onOpenChange={(isOpen) => isOpen && setDays([])}>
      <AriaButton
        aria-label={`Copy ${from} times to other days`}
        className={`rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 ${FOCUS_RING}`}
      >
        Copy…
      </AriaButton>
      <Popover placement="bottom end" className="rounded-md border border-slate-200 bg-white p-4 shadow-lg">
        <Dialog className="outline-none">
          {({ close }) => (
            <>
              <Heading slot="title" className="text-sm font-semibold">
                Copy {from}’s times to
              </Heading>
              <CheckboxGroup aria-label="Days" value={days} onChange={setDays} className="mt-2 space-y-1">
                {WEEK.filter((day) => day !== from).map((day) => (
                  <Checkbox key={day} value={day} className="group flex items-center gap-2 text-sm text-slate-800">
                    <span
                      aria-hidden="true"
                      className="flex h-4 w-4 items-center justify-center rounded border border-slate-400 text-[10px] text-white group-data-[focus-visible]:outline-2 group-data-[focus-visible]:outline-indigo-600 group-data-[selected]:border-indigo-600 group-data-[selected]:bg-indigo-600"
                    >
                      ✓
                    </span>
                    {day}
                  </Checkbox>
                ))}
              </CheckboxGroup>
              <Button
                className="mt-3 w-full"
                disabled={days.length === 0}
                onClick={() => {
                  onCopy(days as TDay[]);
                  close();
                }}
              >
                Apply
              </Button>
            </>
          )}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
