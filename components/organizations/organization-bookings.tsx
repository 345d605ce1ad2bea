"use client";
/**
 * The organization's bookings (its teams' event types and its members' bookings), for those who may read them
 * (org.bookings.read): bookings.list with the organization's id, which calls the use case of
 * GET /v2/organizations/{orgId}/bookings, with the personal list's filters, pages and details dialog.
 */
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { BookingDetailsDialog } from "../bookings/booking-details-dialog";
import { BookingFiltersForm } from "../bookings/booking-filters-form";
import type { TBookingFilters } from "../bookings/booking-filters";
import { BookingListPage } from "../bookings/booking-list-page";
import { BOOKING_TABS, type TBookingTab } from "../bookings/booking-tabs";
import { useTRPC } from "../trpc/client";
import { ChoiceGroup } from "../ui/choice-group";

export function OrganizationBookings({ orgId, timeZone }: { orgId: number; timeZone: string }) {
  const trpc = useTRPC();
  const options = useQuery(trpc.organizations.bookingFilterOptions.queryOptions({ orgId }));
  const [tab, setTab] = useState<TBookingTab>("upcoming");
  const [filters, setFilters] = useState<TBookingFilters>({});
  const [openUid, setOpenUid] = useState<string | null>(null);
  const current = BOOKING_TABS.find((entry) => entry.id === tab)!;
  return (
    <div className="space-y-4">
      <p className="max-w-prose text-sm text-slate-600">
        The bookings of the organization&apos;s teams and members. Times are in your time zone, {timeZone.replaceAll("_", " ")}.
      </p>
      <ChoiceGroup
        name="org-bookings-list"
        legend="Show"
        type="radio"
        options={BOOKING_TABS.map((entry) => ({ value: entry.id, label: entry.label }))}
        value={tab}
        onChange={(value) => setTab(value as TBookingTab)}
      />
      <BookingFiltersForm timeZone={timeZone} onApply={setFilters} options={options.data ?? { teams: [], eventTypes: [] }} allTeamsLabel="All teams" />
      <BookingListPage
        key={`${tab}:${JSON.stringify(filters)}`}
        input={{ tab, orgId, ...filters }}
        label={`${current.label} bookings of the organization`}
        empty={current.empty}
        timeZone={timeZone}
        onOpen={setOpenUid}
      />
      {openUid && <BookingDetailsDialog uid={openUid} orgId={orgId} timeZone={timeZone} onClose={() => setOpenUid(null)} />}
    </div>
  );
}
