"use client";
/**
 * A booking's details in a modal (React Aria: focus trapped, Escape closes, focus returns to the row), with the
 * actions the API has for it. Each action is its own view inside the dialog; what it changed is refetched.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import type { TBookingOutput } from "@/server/bookings/booking.dto";
import type { TSeatCount } from "@/server/bookings/booking-site-facts";
import type { TManagedSeries } from "@/server/bookings/manage-link-series";
import { formatInZone } from "@/server/time/zoned-dates";
import { useTRPC } from "../trpc/client";
import { describeError } from "../trpc/errors";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { toast } from "../ui/toast";
import { AddGuestsForm, CancelForm, DeclineForm, LocationForm, NoShowForm, type TActionFormProps } from "./booking-action-forms";
import { AddToCalendar } from "./add-to-calendar";
import { RescheduleView } from "./reschedule-view";
import { SeriesDates } from "./series-dates";
import { StatusBadge } from "./status-badge";

type TView = "details" | "decline" | "cancel" | "reschedule" | "guests" | "location" | "noShow";

const FORMS: Record<Exclude<TView, "details" | "reschedule">, (props: TActionFormProps) => React.ReactNode> = {
  decline: DeclineForm,
  cancel: CancelForm,
  guests: AddGuestsForm,
  location: LocationForm,
  noShow: NoShowForm,
};

/** `orgId`: opened from an organization's list, which shows bookings the viewer reads there but may not manage. */
export function BookingDetailsDialog({ uid, timeZone, onClose, orgId }: { uid: string; timeZone: string; onClose: () => void; orgId?: number }) {
  const trpc = useTRPC();
  const booking = useQuery(trpc.bookings.get.queryOptions({ bookingUid: uid, ...(orgId ? { orgId } : {}) }));
  const [view, setView] = useState<TView>("details");
  const Form = view === "details" || view === "reschedule" ? null : FORMS[view];
  return (
    <ModalOverlay
      isOpen
      onOpenChange={(open) => !open && onClose()}
      isDismissable
      className="fixed inset-0 z-40 flex items-center justify-center bg-black/50 p-2 sm:p-4"
    >
      <Modal className="max-h-[95vh] w-full max-w-3xl overflow-y-auto rounded-lg bg-white p-4 text-slate-900 shadow-xl sm:p-6">
        {/* Named by the booking's title: its heading appears only once the booking has loaded, after the dialog mounted. */}
        <Dialog className="outline-none" aria-label={booking.data?.title ?? "Booking"}>
          {booking.isError && <Alert>{describeError(booking.error).message}</Alert>}
          {booking.isPending && <p className="text-sm text-slate-600">Loading the booking…</p>}
          {booking.data && (
            <>
              <div className="flex items-start justify-between gap-3">
                <Heading slot="title" className="text-lg font-semibold">
                  {booking.data.title}
                </Heading>
                <StatusBadge booking={booking.data} />
              </div>
              <p className="mt-1 text-sm text-slate-600">{formatRange(booking.data, timeZone)}</p>
              <div className="mt-4">
                {view === "details" && <Details booking={booking.data} timeZone={timeZone} onAction={setView} onClose={onClose} />}
                {view === "reschedule" && <RescheduleView booking={booking.data} timeZone={timeZone} onDone={onClose} onBack={() => setView("details")} />}
                {Form && (
                  <Form
                    booking={booking.data}
                    onDone={view === "cancel" || view === "decline" ? onClose : () => setView("details")}
                    onBack={() => setView("details")}
                  />
                )}
              </div>
            </>
          )}
          {!booking.data && (
            <div className="mt-6 flex justify-end">
              <Button variant="secondary" onClick={onClose}>
                Close
              </Button>
            </div>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

export const formatRange = (booking: Pick<TBookingOutput, "start" | "end">, timeZone: string) =>
  `${formatInZone(booking.start, timeZone)} – ${formatInZone(booking.end, timeZone, { timeStyle: "short" })}`;

const isLive = (booking: TBookingOutput) => booking.status === "accepted" || booking.status === "pending";

function Details({
  booking,
  timeZone,
  onAction,
  onClose,
}: {
  timeZone: string;
  booking: TBookingOutput & { isRoundRobin: boolean; seats: TSeatCount | null; series: TManagedSeries | null };
  onAction: (view: TView) => void;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.bookings.pathKey() });
  const onError = (error: unknown) => toast.error(describeError(error).message);
  const confirm = useMutation(
    trpc.bookings.confirm.mutationOptions({
      onSuccess: async () => {
        await refresh();
        toast.success("Booking confirmed");
        onClose();
      },
      onError,
    }),
  );
  const reassign = useMutation(
    trpc.bookings.reassign.mutationOptions({
      onSuccess: async (updated) => {
        await refresh();
        toast.success(`Reassigned to ${updated.hosts.map((host) => host.name).join(", ")}`);
      },
      onError,
    }),
  );
  // The moment the dialog opened decides which actions it offers; the use cases check the time again.
  const [openedAt] = useState(() => Date.now());
  const hasStarted = new Date(booking.start).getTime() <= openedAt;
  const hasEnded = new Date(booking.end).getTime() <= openedAt;
  return (
    <>
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="font-medium text-slate-700">Hosts</dt>
        <dd>{booking.hosts.map((host) => `${host.name}${booking.absentHost ? " (no-show)" : ""}`).join(", ")}</dd>
        {booking.seats && (
          <>
            <dt className="font-medium text-slate-700">Seats</dt>
            <dd>
              {booking.seats.taken} of {booking.seats.capacity} taken
            </dd>
          </>
        )}
        <dt className="font-medium text-slate-700">Attendees</dt>
        <dd>
          <ul>
            {booking.attendees.map((attendee) => (
              <li key={attendee.id}>
                {attendee.name} &lt;{attendee.email}&gt;{attendee.absent ? " (no-show)" : ""}
              </li>
            ))}
          </ul>
        </dd>
        {booking.series && (
          <>
            <dt className="font-medium text-slate-700">Series</dt>
            <dd>
              <SeriesDates series={booking.series} timeZone={timeZone} />
            </dd>
          </>
        )}
        <dt className="font-medium text-slate-700">Location</dt>
        <dd className="break-words">{booking.location || "None"}</dd>
        {booking.description && (
          <>
            <dt className="font-medium text-slate-700">Description</dt>
            <dd className="whitespace-pre-line">{booking.description}</dd>
          </>
        )}
        {booking.cancellationReason && (
          <>
            <dt className="font-medium text-slate-700">{booking.status === "rejected" ? "Reason for declining" : "Reason for cancelling"}</dt>
            <dd>{booking.cancellationReason}</dd>
          </>
        )}
        {booking.status === "cancelled" && booking.rescheduledToUid && (
          <>
            <dt className="font-medium text-slate-700">Rescheduled to</dt>
            <dd>
              <a href={`/booking/${booking.rescheduledToUid}`} className="text-indigo-700 underline">
                See the new time
              </a>
            </dd>
          </>
        )}
        {booking.reschedulingReason && (
          <>
            <dt className="font-medium text-slate-700">Reason for rescheduling</dt>
            <dd>{booking.reschedulingReason}</dd>
          </>
        )}
      </dl>
      {isLive(booking) && (
        <div className="mt-6 flex flex-wrap gap-2" role="group" aria-label="Actions">
          {booking.status === "pending" && (
            <>
              <Button disabled={confirm.isPending} onClick={() => confirm.mutate({ bookingUid: booking.uid })}>
                Confirm
              </Button>
              <Button variant="secondary" onClick={() => onAction("decline")}>
                Decline
              </Button>
            </>
          )}
          {!hasEnded && (
            <Button variant="secondary" onClick={() => onAction("reschedule")}>
              Reschedule
            </Button>
          )}
          <Button variant="secondary" onClick={() => onAction("guests")}>
            Add guests
          </Button>
          <Button variant="secondary" onClick={() => onAction("location")}>
            Change location
          </Button>
          {booking.status === "accepted" && hasStarted && (
            <Button variant="secondary" onClick={() => onAction("noShow")}>
              Mark no-show
            </Button>
          )}
          {booking.isRoundRobin && (
            <Button variant="secondary" disabled={reassign.isPending} onClick={() => reassign.mutate({ bookingUid: booking.uid })}>
              Reassign (round robin)
            </Button>
          )}
          {!hasEnded && (
            <Button variant="danger" onClick={() => onAction("cancel")}>
              Cancel booking
            </Button>
          )}
        </div>
      )}
      <AddToCalendar uid={booking.uid} />
      <div className="mt-6 flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </>
  );
}
