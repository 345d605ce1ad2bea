"use client";
/**
 * The interactive half of the booking page: zone and week → slot → details → confirmation. Everything
 * arrives through the public bookingPage procedures, so switching zone or week never reloads the page.
 * Knows the event type only through its props, so another entry point (a private link) can reuse it.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTRPC } from "../trpc/client";
import { Alert } from "../ui/alert";
import { BookingConfirmation } from "./booking-confirmation";
import { BookingForm } from "./booking-form";
import { SlotPicker } from "./slot-picker";
import { TimeZoneSelect } from "./time-zone-select";
import type { TBookingConfirmation, TBookingPageEvent } from "./types";
import { useBrowserTimeZone } from "./use-browser-time-zone";

type Props = { page: TBookingPageEvent; timeZones: readonly string[] };

export function BookingFlow({ page, timeZones }: Props) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const browserZone = useBrowserTimeZone(timeZones);
  const [chosenZone, setChosenZone] = useState<string | null>(null);
  const [weekOffset, setWeekOffset] = useState(0);
  const [slotStart, setSlotStart] = useState<string | null>(null);
  const [confirmation, setConfirmation] = useState<TBookingConfirmation | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const timeZone = chosenZone ?? browserZone;

  // Every cached week is stale once the visitor's own or someone else's booking took a slot.
  const refreshSlots = () => queryClient.invalidateQueries({ queryKey: trpc.bookingPage.slots.queryKey() });
  const backToSlots = (message: string | null) => {
    setNotice(message);
    setSlotStart(null);
    setConfirmation(null);
    void refreshSlots();
  };

  return (
    <div className="min-w-0 space-y-6">
      <TimeZoneSelect value={timeZone ?? "UTC"} zones={timeZones} isDisabled={timeZone === null || confirmation !== null} onChange={setChosenZone} />
      {notice && <Alert>{notice}</Alert>}
      {timeZone === null ? (
        <p className="text-sm text-slate-600">Loading available times…</p>
      ) : confirmation ? (
        <BookingConfirmation page={page} confirmation={confirmation} timeZone={timeZone} onBookAnother={() => backToSlots(null)} />
      ) : slotStart ? (
        <BookingForm
          page={page}
          slotStart={slotStart}
          timeZone={timeZone}
          onBooked={(booked) => {
            // The event type's successRedirectUrl (an http(s) URL its owner set) replaces the booking's page.
            if (page.successRedirectUrl) return window.location.assign(page.successRedirectUrl);
            // The booking's own page, opened with the booker's manage token (shown once, like in their mail).
            if (booked.manageToken) return router.push(`/booking/${booked.uid}?token=${encodeURIComponent(booked.manageToken)}`);
            setConfirmation(booked);
            void refreshSlots();
          }}
          onSlotTaken={backToSlots}
          onBack={() => backToSlots(null)}
        />
      ) : (
        <SlotPicker
          eventTypeId={page.eventTypeId}
          owner={"teamSlug" in page.host ? { teamSlug: page.host.teamSlug, organizationSlug: page.host.organizationSlug } : { username: page.host.username }}
          privateLink={page.privateLink}
          timeZone={timeZone}
          weekOffset={weekOffset}
          onWeekChange={setWeekOffset}
          onPick={(start) => {
            setNotice(null);
            setSlotStart(start);
          }}
        />
      )}
    </div>
  );
}
