"use client";
/**
 * Reschedule: a free time from the slot engine, through the booking page's own slot picker (the event type's public
 * slots, in the viewer's zone), then an optional reason. The old booking is cancelled and linked to the new one.
 */
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ZRescheduleBookingInput } from "@/server/bookings/booking-actions.schemas";
import type { TBookingOutput } from "@/server/bookings/booking.dto";
import { formatInZone } from "@/server/time/zoned-dates";
import { SlotPicker } from "../booking-page/slot-picker";
import { TextareaField } from "../form/fields";
import { Form, SubmitButton, useZodForm } from "../form/form";
import { useFormMutation } from "../form/use-form-mutation";
import { useTRPC } from "../trpc/client";
import { describeError } from "../trpc/errors";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";

const ZReasonForm = ZRescheduleBookingInput.pick({ reschedulingReason: true });

export function RescheduleView({ booking, timeZone, onDone, onBack }: { booking: TBookingOutput; timeZone: string; onDone: () => void; onBack: () => void }) {
  const trpc = useTRPC();
  const target = useQuery(trpc.bookings.rescheduleTarget.queryOptions({ bookingUid: booking.uid }));
  const [weekOffset, setWeekOffset] = useState(0);
  const [start, setStart] = useState<string | null>(null);
  const form = useZodForm(ZReasonForm, { defaultValues: { reschedulingReason: "" } });
  const move = useFormMutation(form, trpc.bookings.reschedule.mutationOptions(), {
    success: (moved) => `Booking moved to ${formatInZone(moved.start, timeZone)}`,
    invalidates: [trpc.bookings.pathKey(), trpc.bookingPage.slots.queryKey()],
    onSuccess: onDone,
  });
  if (target.isError) {
    return (
      <div className="space-y-4">
        <Alert>{describeError(target.error).message}</Alert>
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
      </div>
    );
  }
  if (!target.data) return <p className="text-sm text-slate-600">Loading available times…</p>;
  if (start === null) {
    return (
      <div className="space-y-4">
        <SlotPicker
          eventTypeId={target.data.eventTypeId}
          owner={target.data.owner}
          timeZone={timeZone}
          weekOffset={weekOffset}
          onWeekChange={setWeekOffset}
          onPick={setStart}
        />
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
      </div>
    );
  }
  return (
    <Form form={form} label="Reschedule the booking" onSubmit={(values) => move.mutate({ bookingUid: booking.uid, body: { start, ...values } })}>
      <p className="text-sm">
        New time: <strong>{formatInZone(start, timeZone)}</strong>
      </p>
      <TextareaField name="reschedulingReason" label="Reason for rescheduling (optional)" maxLength={1000} />
      <div className="flex justify-between gap-2">
        <Button variant="secondary" onClick={() => setStart(null)}>
          Pick another time
        </Button>
        <SubmitButton pending={move.isPending} pendingLabel="Moving…">
          Reschedule booking
        </SubmitButton>
      </div>
    </Form>
  );
}
