"use client";
/**
 * One page of a bookings list (the actor's, a team's or an organization's: bookings.list's input says which) and its
 * pager. Pages go by the list's cursor (a stack of the cursors that led here, for "Previous"), so the thousandth page
 * costs what the first does; give it a new `key` when the filters change, to start again from the first page.
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { z } from "zod";
import type { ZBookingsListInput } from "@/server/trpc/routers/bookings";
import { useTRPC } from "../trpc/client";
import { describeError } from "../trpc/errors";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { BookingRow } from "./booking-row";

type Props = {
  input: Omit<z.input<typeof ZBookingsListInput>, "cursor">;
  /** Names the list ("Upcoming bookings"). */
  label: string;
  empty: string;
  timeZone: string;
  onOpen: (uid: string) => void;
};

export function BookingListPage({ input, label, empty, timeZone, onOpen }: Props) {
  const trpc = useTRPC();
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1);
  const list = useQuery({ ...trpc.bookings.list.queryOptions({ ...input, ...(cursor ? { cursor } : {}) }), placeholderData: keepPreviousData });
  const pagination = list.data?.pagination;
  // A cursor page counts from where its cursor points, so these read as for numbered pages.
  const first = pagination ? (pagination.currentPage - 1) * pagination.itemsPerPage + 1 : 0;
  const nextCursor = pagination?.nextCursor;
  return (
    <div aria-busy={list.isFetching}>
      {list.isError && <Alert>{describeError(list.error).message}</Alert>}
      {list.isPending && <p className="text-sm text-slate-600">Loading bookings…</p>}
      {list.data?.items.length === 0 && <p className="text-sm text-slate-600">{empty}</p>}
      {list.data && list.data.items.length > 0 && (
        <>
          <ul aria-label={label} className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {list.data.items.map((booking) => (
              <BookingRow key={booking.uid} booking={booking} timeZone={timeZone} onOpen={() => onOpen(booking.uid)} />
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
    </div>
  );
}
