"use client";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { describeError } from "../trpc/errors";
import { Alert } from "../ui/alert";
import { Button, FOCUS_RING } from "../ui/button";
import { MAX_WEEKS_AHEAD } from "@/server/booking-page/booking-page.schemas";
import { useRoutingResponseId } from "./use-prefill";
import { formatDay, formatTime } from "./zoned-format";

type Props = {
  eventTypeId: number;
  /** Whose slots: a user's event type by its owner's username, a team's by the team's slug (and its organization's). */
  owner: { username: string } | { teamSlug: string; organizationSlug?: string };
  /** A private link's id, on its page. */
  privateLink?: string;
  timeZone: string;
  weekOffset: number;
  onWeekChange: (weekOffset: number) => void;
  onPick: (slotStart: string) => void;
};

/** Two weeks of free starts in the chosen zone, one column of buttons per day. */
export function SlotPicker({ eventTypeId, owner, privateLink, timeZone, weekOffset, onWeekChange, onPick }: Props) {
  const trpc = useTRPC();
  // After a routing form: its route's choice of a round robin's hosts narrows the slots as it narrows the booking.
  const routingFormResponseId = useRoutingResponseId();
  // Earlier weeks stay on screen while the next ones load, so the layout does not jump.
  const slots = useQuery({
    ...trpc.bookingPage.slots.queryOptions({ eventTypeId, ...owner, privateLink, timeZone, weekOffset, routingFormResponseId }),
    placeholderData: (previous) => previous,
  });
  const days = slots.data?.days ?? [];
  const hasAnySlot = days.some((day) => day.slots.length > 0);

  return (
    <section aria-labelledby="slots-heading" aria-busy={slots.isFetching}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="slots-heading" className="text-lg font-semibold">
          Choose a time
        </h2>
        <div className="flex gap-2">
          <Button variant="secondary" disabled={weekOffset === 0 || slots.isFetching} onClick={() => onWeekChange(weekOffset - 1)}>
            Previous week
          </Button>
          <Button variant="secondary" disabled={weekOffset >= MAX_WEEKS_AHEAD || slots.isFetching} onClick={() => onWeekChange(weekOffset + 1)}>
            Next week
          </Button>
        </div>
      </div>
      <div className="mt-4">
        {slots.isError && <Alert>{describeError(slots.error).message}</Alert>}
        {slots.isPending && <p className="text-sm text-slate-600">Loading available times…</p>}
        {slots.isSuccess && !hasAnySlot && <p className="text-sm text-slate-600">No free times in these two weeks. Try the next week.</p>}
        {hasAnySlot && (
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {days.map((day) => (
              <li key={day.date} aria-labelledby={`day-${day.date}`} className="rounded-lg border border-slate-200 bg-white p-3">
                <h3 id={`day-${day.date}`} className="text-sm font-semibold">
                  {formatDay(day.date)}
                </h3>
                {day.slots.length === 0 ? (
                  <p className="mt-2 text-sm text-slate-500">No free times</p>
                ) : (
                  <ul className="mt-2 grid grid-cols-[repeat(auto-fill,minmax(4.5rem,1fr))] gap-1.5">
                    {day.slots.map((start) => (
                      <li key={start}>
                        <button
                          type="button"
                          onClick={() => onPick(start)}
                          className={`w-full whitespace-nowrap rounded-md border border-indigo-300 px-1 py-1 text-xs font-medium text-indigo-800 hover:bg-indigo-50 ${FOCUS_RING}`}
                        >
                          <time dateTime={start}>{formatTime(start, timeZone)}</time>
                          {day.seatsLeft?.[start] !== undefined && (
                            <span className="block text-[0.7rem] font-normal text-slate-600">
                              {day.seatsLeft[start] === 1 ? "1 seat left" : `${day.seatsLeft[start]} seats left`}
                            </span>
                          )}
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
