"use client";
/** /event-types: the user's own event types, then each team's; create where the user may write, read-only elsewhere. */
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "../trpc/client";
import { describeError } from "../trpc/errors";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { CreateEventTypeDialog } from "./create-event-type-dialog";
import { EventTypeRow } from "./event-type-row";
import type { TListedEventType } from "./types";

export function EventTypesPage() {
  const trpc = useTRPC();
  const overview = useQuery(trpc.eventTypes.overview.queryOptions());
  return (
    <>
      <h1 className="text-2xl font-semibold">Event types</h1>
      <p className="mt-2 max-w-prose text-sm text-slate-600">The kinds of meetings people can book with you and your teams, each on its own page.</p>
      <div className="mt-6 space-y-10">
        {overview.error && <Alert>{describeError(overview.error).message}</Alert>}
        {!overview.data && !overview.error && <p className="text-sm text-slate-600">Loading…</p>}
        {overview.data && (
          <>
            <Group
              headingId="personal-event-types"
              heading="Your event types"
              teamId={null}
              canWrite
              publicBase={overview.data.personal.publicBase}
              eventTypes={overview.data.personal.eventTypes}
            />
            {overview.data.teams.map((group) => (
              <Group
                key={group.team.id}
                headingId={`team-${group.team.id}-event-types`}
                heading={group.team.name}
                teamId={group.team.id}
                canWrite={group.canWrite}
                publicBase={group.publicBase}
                eventTypes={group.eventTypes}
              />
            ))}
          </>
        )}
      </div>
    </>
  );
}

type GroupProps = {
  headingId: string;
  heading: string;
  teamId: number | null;
  canWrite: boolean;
  publicBase: string;
  eventTypes: TListedEventType[];
};

function Group({ headingId, heading, teamId, canWrite, publicBase, eventTypes }: GroupProps) {
  const [isCreating, setCreating] = useState(false);
  return (
    <section aria-labelledby={headingId}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold">
          {heading}
          {teamId !== null && <span className="ml-2 text-sm font-normal text-slate-600">Team</span>}
        </h2>
        {canWrite && (
          <Button onClick={() => setCreating(true)} aria-label={`New event type in ${heading}`}>
            New event type
          </Button>
        )}
      </div>
      {!canWrite && <p className="mt-1 text-sm text-slate-600">Owners and admins of this team edit its event types; you can see them.</p>}
      {eventTypes.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No event types yet.</p>
      ) : (
        <ul aria-labelledby={headingId} className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {eventTypes.map((eventType) => (
            <EventTypeRow key={eventType.id} eventType={eventType} teamId={teamId} publicBase={publicBase} canWrite={canWrite} />
          ))}
        </ul>
      )}
      <CreateEventTypeDialog isOpen={isCreating} onClose={() => setCreating(false)} teamId={teamId} publicBase={publicBase} />
    </section>
  );
}
