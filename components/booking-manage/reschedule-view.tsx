"use client";
/**
 * Picking a new time from the manage link: the booking page's own slot picker, then a confirmation step. The move
 * goes through POST /v2/bookings/{uid}/reschedule's use case; the page then opens the new booking with its own link.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { SlotPicker } from "../booking-page/slot-picker";
import { TimeZoneSelect } from "../booking-page/time-zone-select";
import { useBrowserTimeZone } from "../booking-page/use-browser-time-zone";
import { formatRange, zoneLabel } from "../booking-page/zoned-format";
import { useTRPC } from "../trpc/client";
import { describeError } from "../trpc/errors";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { TextLink } from "../ui/text-link";
import { BookingDetails } from "./booking-details";
import type { TManagedBookingView } from "./types";

type Props = { view: TManagedBookingView; timeZones: readonly string[] };

export function RescheduleView({ view, timeZones }: Props) {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const browserZone = useBrowserTimeZone(timeZones);
  const [chosenZone, setChosenZone] = useState<string | null>(null);
  const [weekOffset, setWeekOffset] = useState(0);
  const [slotStart, setSlotStart] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const move = useMutation(trpc.bookingManage.reschedule.mutationOptions({ meta: { showsError: true } }));
  const timeZone = chosenZone ?? browserZone;
  const backLink = view.token ? `/booking/${view.uid}?token=${encodeURIComponent(view.token)}` : `/booking/${view.uid}`;

  async function confirm(start: string) {
    if (!view.token) return;
    setError(null);
    try {
      const moved = await move.mutateAsync({ uid: view.uid, token: view.token, start });
      router.push(moved.token ? `/booking/${moved.uid}?token=${encodeURIComponent(moved.token)}` : `/booking/${moved.uid}`);
    } catch (failure) {
      setError(describeError(failure).message);
      setSlotStart(null);
      void queryClient.invalidateQueries({ queryKey: trpc.bookingPage.slots.queryKey() });
    }
  }

  const refusal = view.token ? view.reschedule.reason : "Open this page from the link in your mail to pick a new time.";
  return (
    <main className="mx-auto max-w-5xl space-y-6 px-4 py-10 sm:px-6">
      <div>
        <h1 className="text-2xl font-semibold break-words">Pick a new time for {view.title}</h1>
        <p className="mt-2 text-sm">
          <TextLink href={backLink}>Back to the booking</TextLink>
        </p>
      </div>
      <section aria-label="Current booking" className="rounded-lg border border-slate-200 bg-white p-4">
        <BookingDetails view={view} timeZone={timeZone} />
      </section>
      {refusal || !view.slotSource ? (
        <Alert>{refusal ?? "There are no times to pick from."}</Alert>
      ) : (
        <>
          <TimeZoneSelect value={timeZone ?? "UTC"} zones={timeZones} isDisabled={timeZone === null || move.isPending} onChange={setChosenZone} />
          {error && <Alert>{error}</Alert>}
          {timeZone === null ? (
            <p className="text-sm text-slate-600">Loading available times…</p>
          ) : slotStart ? (
            <section aria-labelledby="new-time-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
              <h2 id="new-time-heading" className="text-lg font-semibold">
                Move to this time?
              </h2>
              <p className="text-sm">
                {formatRange(slotStart, new Date(Date.parse(slotStart) + view.slotSource.lengthInMinutes * 60_000).toISOString(), timeZone)} (
                {zoneLabel(timeZone)})
              </p>
              <div className="flex flex-wrap gap-2">
                <Button onClick={() => void confirm(slotStart)} disabled={move.isPending}>
                  {move.isPending ? "Moving…" : "Confirm new time"}
                </Button>
                <Button variant="secondary" onClick={() => setSlotStart(null)} disabled={move.isPending}>
                  Choose another time
                </Button>
              </div>
            </section>
          ) : (
            <SlotPicker
              eventTypeId={view.slotSource.eventTypeId}
              owner={view.slotSource.owner}
              timeZone={timeZone}
              weekOffset={weekOffset}
              onWeekChange={setWeekOffset}
              onPick={setSlotStart}
            />
          )}
        </>
      )}
    </main>
  );
}
