"use client";
/** The one calendar new bookings are written to: any writable calendar of any connection (feeds are read-only). */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button as AriaButton, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from "react-aria-components";
import { useTRPC } from "../trpc/client";
import { describeError } from "../trpc/errors";
import { FOCUS_RING } from "../ui/button";
import { CONTROL_CLASSES } from "../ui/field-frame";
import { toast } from "../ui/toast";
import type { TConnection, TDestination } from "./types";

const keyOf = (calendar: { integration: string; externalId: string }) => `${calendar.integration}|${calendar.externalId}`;

export function DestinationCalendar({ connections, destination }: { connections: TConnection[]; destination: TDestination }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const save = useMutation(
    trpc.calendars.setDestination.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.calendars.list.queryKey() });
        toast.success("Destination calendar saved");
      },
      onError: (error) => toast.error(describeError(error).message),
    }),
  );
  const writable = connections.flatMap((connection) =>
    connection.calendars
      .filter((calendar) => !calendar.readOnly)
      .map((calendar) => ({ id: keyOf(calendar), label: `${calendar.name} (${connection.integration.title})`, calendar })),
  );
  if (writable.length === 0) {
    return (
      <p className="text-sm text-slate-600">
        None of your calendars can take new bookings (ICS feeds are read-only), so bookings are not written to a calendar.
      </p>
    );
  }
  return (
    <Select
      className="max-w-md"
      selectedKey={destination.externalId ? keyOf(destination) : null}
      isDisabled={save.isPending}
      onSelectionChange={(key) => {
        const option = writable.find((entry) => entry.id === key);
        if (option) save.mutate({ integration: option.calendar.integration as "apple_calendar", externalId: option.calendar.externalId });
      }}
    >
      <Label className="block text-sm font-medium text-slate-800">Add new bookings to</Label>
      <AriaButton className={`${CONTROL_CLASSES} flex items-center justify-between text-left ${FOCUS_RING}`}>
        <SelectValue>{({ isPlaceholder, defaultChildren }) => (isPlaceholder ? "Choose a calendar" : defaultChildren)}</SelectValue>
        <span aria-hidden="true">▾</span>
      </AriaButton>
      <Popover className="max-h-72 min-w-(--trigger-width) overflow-auto rounded-md border border-slate-200 bg-white p-1 text-sm text-slate-900 shadow-lg">
        <ListBox items={writable}>
          {(item) => (
            <ListBoxItem
              id={item.id}
              textValue={item.label}
              className="cursor-default rounded px-3 py-1.5 outline-none data-[focused]:bg-indigo-50 data-[focused]:text-indigo-900 data-[selected]:font-semibold"
            >
              {item.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}
