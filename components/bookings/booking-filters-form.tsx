"use client";
/** Narrow the list: whose bookings (yours, or a team's for its owners and admins), event type, attendee, dates. */
import { useQuery } from "@tanstack/react-query";
import { DateField, SelectField, TextField } from "../form/fields";
import { Form, SubmitButton, useZodForm } from "../form/form";
import { useTRPC } from "../trpc/client";
import { Button } from "../ui/button";
import { ALL, NO_FILTERS, toListFilters, ZBookingFiltersForm, type TBookingFilters } from "./booking-filters";

type TFilterOptions = { teams: { id: number; name: string }[]; eventTypes: { id: number; title: string }[] };

type Props = {
  timeZone: string;
  onApply: (filters: TBookingFilters) => void;
  /** Another list's choices (an organization's teams and event types) instead of the actor's own. */
  options?: TFilterOptions;
  /** The "Bookings of" choice meaning no team. */
  allTeamsLabel?: string;
};

export function BookingFiltersForm({ timeZone, onApply, options, allTeamsLabel = "You" }: Props) {
  const trpc = useTRPC();
  const own = useQuery({ ...trpc.bookings.filterOptions.queryOptions(), enabled: options === undefined });
  const choices = options ?? own.data;
  const form = useZodForm(ZBookingFiltersForm, { defaultValues: NO_FILTERS });
  const teams = choices?.teams ?? [];
  return (
    <Form
      form={form}
      label="Filter bookings"
      className="rounded-lg border border-slate-200 bg-white p-4"
      onSubmit={(values) => onApply(toListFilters(values, timeZone))}
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {teams.length > 0 && (
          <SelectField
            name="teamId"
            label="Bookings of"
            options={[{ value: ALL, label: allTeamsLabel }, ...teams.map((team) => ({ value: team.id, label: `Team ${team.name}` }))]}
          />
        )}
        <SelectField
          name="eventTypeId"
          label="Event type"
          options={[{ value: ALL, label: "All event types" }, ...(choices?.eventTypes ?? []).map((type) => ({ value: type.id, label: type.title }))]}
        />
        <TextField name="attendeeEmail" label="Attendee e-mail" type="email" autoComplete="off" />
        <DateField name="from" label="From" />
        <DateField name="to" label="To" />
      </div>
      <div className="mt-4 flex gap-2">
        <SubmitButton>Apply filters</SubmitButton>
        <Button
          variant="secondary"
          onClick={() => {
            form.reset(NO_FILTERS);
            onApply({});
          }}
        >
          Clear
        </Button>
      </div>
    </Form>
  );
}
