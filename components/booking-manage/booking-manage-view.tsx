"use client";
/**
 * The booking's page: status, details in the viewer's zone (the browser's, or one they choose), add-to-calendar while
 * it stands, an occurrence's place in its series with the series' other dates, and for the link's holder the two
 * actions (an occurrence's: this one alone, or its cancel with every later one), or why each is closed.
 */
import { useState } from "react";
import { TimeZoneSelect } from "../booking-page/time-zone-select";
import { useBrowserTimeZone } from "../booking-page/use-browser-time-zone";
import { FOCUS_RING } from "../ui/button";
import { BookingDetails } from "./booking-details";
import { BookingStatus } from "./booking-status";
import { CalendarLinks } from "./calendar-links";
import { CancelBookingForm } from "./cancel-booking-form";
import { SeriesOccurrences } from "./series-occurrences";
import type { TManagedBookingView } from "./types";

type Props = { view: TManagedBookingView; timeZones: readonly string[]; isCancelOpen: boolean };

export function BookingManageView({ view, timeZones, isCancelOpen }: Props) {
  const browserZone = useBrowserTimeZone(timeZones);
  const [chosenZone, setChosenZone] = useState<string | null>(null);
  const timeZone = chosenZone ?? browserZone;
  const isStanding = view.status === "accepted" || view.status === "requested";

  return (
    <main className="mx-auto max-w-2xl space-y-6 px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-semibold break-words">{view.title}</h1>
      <TimeZoneSelect value={timeZone ?? "UTC"} zones={timeZones} isDisabled={timeZone === null} onChange={setChosenZone} />
      <BookingStatus view={view} timeZone={timeZone}>
        <BookingDetails view={view} timeZone={timeZone} />
      </BookingStatus>
      {view.series && <SeriesOccurrences series={view.series} timeZone={timeZone} />}
      {view.calendarLinks && <CalendarLinks links={view.calendarLinks} />}
      {view.token && isStanding && (
        <section aria-labelledby="changes-heading" className="space-y-4">
          <h2 id="changes-heading" className="text-lg font-semibold">
            Need to change something?
          </h2>
          {view.reschedule.isAllowed ? (
            <a
              href={`/booking/${view.uid}/reschedule?token=${encodeURIComponent(view.token)}`}
              className={`inline-flex min-h-11 items-center rounded-md bg-indigo-600 px-4 text-sm font-medium text-white hover:bg-indigo-700 ${FOCUS_RING}`}
            >
              {view.series ? "Reschedule this occurrence" : "Reschedule"}
            </a>
          ) : (
            <p className="text-sm text-slate-700">Rescheduling: {view.reschedule.reason}</p>
          )}
          {view.cancel.isAllowed ? (
            <CancelBookingForm uid={view.uid} token={view.token} isInitiallyOpen={isCancelOpen} series={view.series} />
          ) : (
            <p className="text-sm text-slate-700">Cancelling: {view.cancel.reason}</p>
          )}
        </section>
      )}
    </main>
  );
}
