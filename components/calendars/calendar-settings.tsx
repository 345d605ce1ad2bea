"use client";
/** /settings/calendars: the connections with their calendars, the destination calendar, and every configured way to connect one. */
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useTRPC } from "../trpc/client";
import { describeError } from "../trpc/errors";
import { Alert } from "../ui/alert";
import { ConnectCalendar } from "./connect-calendar";
import { ConnectionCard } from "./connection-card";
import { DestinationCalendar } from "./destination-calendar";

/** What the provider's consent sent back (calendar-oauth.service.ts adds these to the return path). */
function OAuthOutcome() {
  const params = useSearchParams();
  const error = params.get("error");
  if (params.get("status") === "success") return <Alert tone="info">Calendar connected.</Alert>;
  if (error) return <Alert>{error === "access_denied" ? "The calendar connection was not allowed." : "The calendar could not be connected. Try again."}</Alert>;
  return null;
}

export function CalendarSettings() {
  const trpc = useTRPC();
  const calendars = useQuery(trpc.calendars.list.queryOptions());
  const connections = calendars.data?.connectedCalendars ?? [];
  return (
    <div className="space-y-8">
      <OAuthOutcome />
      <section aria-labelledby="connected-heading" className="space-y-4" aria-busy={calendars.isFetching}>
        <h2 id="connected-heading" className="text-lg font-semibold">
          Connected calendars
        </h2>
        {calendars.isError && <Alert>{describeError(calendars.error).message}</Alert>}
        {calendars.isPending && <p className="text-sm text-slate-600">Loading your calendars…</p>}
        {calendars.isSuccess && connections.length === 0 && <p className="text-sm text-slate-600">No calendar is connected yet.</p>}
        {calendars.data && connections.length > 0 && (
          <>
            <DestinationCalendar connections={connections} destination={calendars.data.destinationCalendar} />
            <ul aria-label="Connections" className="space-y-4">
              {connections.map((connection) => (
                <ConnectionCard key={connection.credentialId} connection={connection} />
              ))}
            </ul>
          </>
        )}
      </section>
      <ConnectCalendar returnTo="/settings/calendars" />
    </div>
  );
}
