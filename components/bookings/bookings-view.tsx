"use client";
/**
 * /bookings/{tab}: the filters, one page of the list and its details dialog. Pages go by the list's cursor (a stack of
 * the cursors that led here, for "Previous"), so the thousandth page costs what the first does.
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "../trpc/client";
import { describeError } from "../trpc/errors";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { BookingDetailsDialog } from "./booking-details-dialog";
import { BookingFiltersForm } from "./booking-filters-form";
import type { TBookingFilters } from "./booking-filters";
import { BookingRow } from "./booking-row";
import { BOOKING_TABS, BookingTabs, type TBookingTab } from "./booking-tabs";

export function BookingsView({ tab, timeZone }: { tab: TBookingTab; timeZone: string }) {
  const [filters, setFilters] = useState<TBookingFilters>({});
  const [cursors, setCursors] = useState<string[]>([]);
  const [openUid, setOpenUid] = useState<string | null>(null);
  const trpc = useTRPC();
  const cursor = cursors.at(-1);
  const list = useQuery({ ...trpc.bookings.list.queryOptions({ tab, ...filters, ...(cursor ? { cursor } : {}) }), placeholderData: keepPreviousData });
  const label = BOOKING_TABS.find((entry) => entry.id === tab)!;
  const pagination = list.data?.pagination;
  // A cursor page counts from where its cursor points, so these read as for numbered pages.
  const first = pagination ? (pagination.currentPage - 1) * pagination.itemsPerPage + 1 : 0;
  const nextCursor = pagination?.nextCursor;

  return (
    <>
      <h1 className="text-2xl font-semibold">Bookings</h1>
      <p className="mt-2 max-w-prose text-sm text-slate-600">Times are in your time zone, {timeZone.replaceAll("_", " ")}.</p>
      <div className="mt-6 space-y-6">
        <BookingTabs current={tab} />
        <BookingFiltersForm
          timeZone={timeZone}
          onApply={(next) => {
            setFilters(next);
            setCursors([]);
          }}
        />
        <section aria-labelledby="bookings-list-heading" aria-busy={list.isFetching}>
          <h2 id="bookings-list-heading" className="sr-only">
            {label.label} bookings
          </h2>
          {list.isError && <Alert>{describeError(list.error).message}</Alert>}
          {list.isPending && <p className="text-sm text-slate-600">Loading bookings…</p>}
          {list.data?.items.length === 0 && <p className="text-sm text-slate-600">{label.empty}</p>}
          {list.data && list.data.items.length > 0 && (
            <>
              <ul aria-label={`${label.label} bookings`} className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
                {list.data.items.map((booking) => (
                  <BookingRow key={booking.uid} booking={booking} timeZone={timeZone} onOpen={() => setOpenUid(booking.uid)} />
                ))}
              </ul>
              <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
                <p className="text-sm text-slate-600">
                  {first}–{first + list.data.items.length - 1} of {list.data.pagination.totalItems}
                </p>
                <div className="flex gap-2">
                  <Button variant="secondary" disabled={cursors.length === 0 || list.isFetching} onClick={() => setCursors(cursors.slice(0, -1))}>
                    Previous page
                  </Button>
                  <Button variant="secondary" disabled={!nextCursor || list.isFetching} onClick={() => nextCursor && setCursors([...cursors, nextCursor])}>
                    Next page
                  </Button>
                </div>
              </div>
            </>
          )}
        </section>
      </div>
      {openUid && <BookingDetailsDialog uid={openUid} timeZone={timeZone} onClose={() => setOpenUid(null)} />}
    </>
  );
}
