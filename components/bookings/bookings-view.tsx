"use client";
/** /bookings/{tab}: the filters, one page of the list and its details dialog. */
import { useState } from "react";
import { BookingDetailsDialog } from "./booking-details-dialog";
import { BookingFiltersForm } from "./booking-filters-form";
import type { TBookingFilters } from "./booking-filters";
import { BookingListPage } from "./booking-list-page";
import { BOOKING_TABS, BookingTabs, type TBookingTab } from "./booking-tabs";

export function BookingsView({ tab, timeZone }: { tab: TBookingTab; timeZone: string }) {
  const [filters, setFilters] = useState<TBookingFilters>({});
  const [openUid, setOpenUid] = useState<string | null>(null);
  const label = BOOKING_TABS.find((entry) => entry.id === tab)!;

  return (
    <>
      <h1 className="text-2xl font-semibold">Bookings</h1>
      <p className="mt-2 max-w-prose text-sm text-slate-600">Times are in your time zone, {timeZone.replaceAll("_", " ")}.</p>
      <div className="mt-6 space-y-6">
        <BookingTabs current={tab} />
        <BookingFiltersForm timeZone={timeZone} onApply={setFilters} />
        <section aria-labelledby="bookings-list-heading">
          <h2 id="bookings-list-heading" className="sr-only">
            {label.label} bookings
          </h2>
          {/* New filters start again from the first page. */}
          <BookingListPage
            key={JSON.stringify(filters)}
            input={{ tab, ...filters }}
            label={`${label.label} bookings`}
            empty={label.empty}
            timeZone={timeZone}
            onOpen={setOpenUid}
          />
        </section>
      </div>
      {openUid && <BookingDetailsDialog uid={openUid} timeZone={timeZone} onClose={() => setOpenUid(null)} />}
    </>
  );
}
