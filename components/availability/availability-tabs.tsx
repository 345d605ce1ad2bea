"use client";
import { Tab, TabList, TabPanel, Tabs } from "react-aria-components";
import { FOCUS_RING } from "../ui/button";
import { OutOfOffice } from "./out-of-office";
import { ScheduleList } from "./schedule-list";

const TAB = `cursor-default rounded-t-md border-b-2 border-transparent px-4 py-2 text-sm text-slate-700 outline-none data-[hovered]:text-slate-900 data-[selected]:border-indigo-600 data-[selected]:font-medium data-[selected]:text-indigo-800 ${FOCUS_RING} data-[focus-visible]:outline-2 data-[focus-visible]:outline-indigo-600`;

/** /availability: schedules, and out-of-office entries, as two tabs (arrow keys move between them). */
export function AvailabilityTabs({ timeZones, timeZone }: { timeZones: string[]; timeZone: string }) {
  return (
    <Tabs>
      <TabList aria-label="Availability" className="flex gap-2 border-b border-slate-200">
        <Tab id="schedules" className={TAB}>
          Schedules
        </Tab>
        <Tab id="ooo" className={TAB}>
          Out of office
        </Tab>
      </TabList>
      <TabPanel id="schedules" className="pt-6 outline-none">
        <ScheduleList timeZones={timeZones} userTimeZone={timeZone} />
      </TabPanel>
      <TabPanel id="ooo" className="pt-6 outline-none">
        <OutOfOffice timeZone={timeZone} />
      </TabPanel>
    </Tabs>
  );
}
