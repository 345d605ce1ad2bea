"use client";
/**
 * One connection: its calendars, each with its "check for conflicts" switch (a selected calendar), a reconnect when
 * the provider refuses the stored credential, and disconnect behind a confirmation.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { CALENDAR_APPS, type CalendarType } from "@/server/calendars/calendar-apps";
import { SwitchControl } from "../form/fields";
import { useTRPC } from "../trpc/client";
import { describeError } from "../trpc/errors";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { toast } from "../ui/toast";
import { CalDavForm } from "./caldav-form";
import { OAuthConnectButton } from "./oauth-connect-button";
import type { TConnection } from "./types";

const pathOf = (connection: TConnection) => CALENDAR_APPS[connection.integration.type as CalendarType].path;

export function ConnectionCard({ connection }: { connection: TConnection }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.calendars.list.queryKey() });
  const [isConfirming, setConfirming] = useState(false);
  const title = connection.integration.title;
  const account = connection.primary?.email ?? connection.primary?.name ?? "";
  const headingId = `connection-${connection.credentialId}`;
  const select = useMutation(
    trpc.calendars.setSelected.mutationOptions({
      onSuccess: async (_, input) => {
        await refresh();
        toast.success(input.isSelected ? "Checked for conflicts" : "No longer checked for conflicts");
      },
      onError: (error) => toast.error(describeError(error).message),
    }),
  );
  const disconnect = useMutation(
    trpc.calendars.disconnect.mutationOptions({
      meta: { showsError: true },
      onSuccess: async () => {
        await refresh();
        setConfirming(false);
        toast.success(`${title} disconnected`);
      },
    }),
  );
  return (
    <li aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="font-semibold">
            {title}
          </h3>
          {account && <p className="text-sm break-all text-slate-600">{account}</p>}
        </div>
        <Button variant="secondary" onClick={() => setConfirming(true)} aria-label={`Disconnect ${title}${account ? ` ${account}` : ""}`}>
          Disconnect
        </Button>
      </div>
      {connection.error && (
        <div className="mt-3">
          <Alert>{connection.invalid ? `The connection has expired or was revoked: ${connection.error}` : connection.error}</Alert>
        </div>
      )}
      {connection.invalid && <Reconnect connection={connection} />}
      <ul aria-label={`Calendars of ${title}`} className="mt-4 divide-y divide-slate-200">
        {connection.calendars.map((calendar) => (
          <li key={calendar.externalId} className="flex flex-col gap-2 py-2 sm:flex-row sm:items-center sm:justify-between">
            <span className="text-sm break-all">
              {calendar.name}
              {calendar.readOnly ? " (read-only)" : ""}
            </span>
            <SwitchControl
              label="Check for conflicts"
              labelClassName="whitespace-nowrap"
              isSelected={calendar.isSelected}
              onChange={(isSelected) =>
                select.mutate({ integration: calendar.integration, externalId: calendar.externalId, credentialId: calendar.credentialId, isSelected })
              }
            />
          </li>
        ))}
      </ul>
      <ConfirmDialog
        isOpen={isConfirming}
        title={`Disconnect ${title}?`}
        confirmLabel="Disconnect"
        isPending={disconnect.isPending}
        error={disconnect.error ? describeError(disconnect.error).message : null}
        onConfirm={() => disconnect.mutate({ calendar: pathOf(connection), id: connection.credentialId })}
        onClose={() => {
          disconnect.reset();
          setConfirming(false);
        }}
      >
        Its busy times stop blocking your slots, and new bookings are no longer written to it. Bookings already made stay.
      </ConfirmDialog>
    </li>
  );
}

/** An expired credential: the provider's consent again (OAuth), or the account's password again (CalDAV). */
function Reconnect({ connection }: { connection: TConnection }) {
  const path = pathOf(connection);
  const [isOpen, setOpen] = useState(false);
  if (path === "google" || path === "office365") {
    return (
      <div className="mt-3">
        <OAuthConnectButton calendar={path} returnTo="/settings/calendars" variant="primary">
          Reconnect
        </OAuthConnectButton>
      </div>
    );
  }
  if (path !== "apple") return null;
  return (
    <div className="mt-3">
      {isOpen ? (
        <div className="rounded-md border border-slate-200 p-4">
          <h4 id={`reconnect-${connection.credentialId}-heading`} className="text-sm font-semibold">
            Reconnect with your CalDAV login
          </h4>
          <div className="mt-3">
            <CalDavForm defaultUrl="https://caldav.icloud.com/" idPrefix={`reconnect-${connection.credentialId}`} onConnected={() => setOpen(false)} />
          </div>
        </div>
      ) : (
        <Button onClick={() => setOpen(true)}>Reconnect</Button>
      )}
    </div>
  );
}
