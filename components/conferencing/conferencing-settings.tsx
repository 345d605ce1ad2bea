"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ZConferencingAppInput } from "@/server/conferencing/conferencing.schemas";
import { Form, SubmitButton, useZodForm } from "../form/form";
import { SelectField } from "../form/fields";
import { useFormMutation } from "../form/use-form-mutation";
import { useTRPC } from "../trpc/client";
import { describeError } from "../trpc/errors";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { toast } from "../ui/toast";

type TApp = { app: string; title: string; connect: string; connected: boolean; invalid: boolean; isDefault: boolean; unavailable: string | null };

const OUTCOMES: Record<string, string> = {
  access_denied: "Zoom was not connected: the consent was declined.",
  authorization_failed: "Zoom was not connected: the authorization failed. Try again.",
  connection_failed: "Zoom was not connected: Zoom did not accept the authorization. Try again.",
};

function statusOf(app: TApp): string {
  if (app.connect === "built-in") return "Built in";
  if (app.invalid) return "Needs to be connected again";
  return app.connected ? "Connected" : "Not connected";
}

function DefaultAppForm({ apps }: { apps: TApp[] }) {
  const trpc = useTRPC();
  const current = apps.find((app) => app.isDefault)?.app ?? "jitsi";
  const form = useZodForm(ZConferencingAppInput, { defaultValues: { app: current } });
  const save = useFormMutation(form, trpc.conferencing.setDefault.mutationOptions(), {
    success: "Default conferencing app saved",
    invalidates: [trpc.conferencing.overview.queryKey()],
  });
  const options = apps.filter((app) => app.connected).map((app) => ({ value: app.app, label: app.title }));
  return (
    <Form form={form} onSubmit={(values) => save.mutate(values)} label="Default conferencing app" className="flex flex-wrap items-end gap-4">
      <SelectField name="app" label="Default app" hint="Used by event types located at your default app" options={options} className="w-64" />
      <SubmitButton pending={save.isPending}>Save</SubmitButton>
    </Form>
  );
}

export function ConferencingSettings({ outcome }: { outcome: string | null }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const apps = useQuery(trpc.conferencing.overview.queryOptions());
  const [toDisconnect, setToDisconnect] = useState<TApp | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.conferencing.overview.queryKey() });
  const connect = useMutation(
    trpc.conferencing.connect.mutationOptions({
      onSuccess: async (result, input) => {
        if (result.redirectTo) return window.location.assign(result.redirectTo);
        toast.success(`${apps.data?.find((app) => app.app === input.app)?.title ?? input.app} connected`);
        await refresh();
      },
      onError: (error) => toast.error(describeError(error).message),
    }),
  );
  const disconnect = useMutation(
    trpc.conferencing.disconnect.mutationOptions({
      meta: { showsError: true },
      onSuccess: async () => {
        toast.success(`${toDisconnect?.title ?? "The app"} disconnected`);
        setToDisconnect(null);
        await refresh();
      },
    }),
  );

  if (apps.isPending) return <p className="text-sm text-slate-600">Loading your conferencing apps…</p>;
  if (apps.isError) return <Alert>{describeError(apps.error).message}</Alert>;
  return (
    <div className="space-y-8">
      {outcome && (
        <Alert tone={outcome === "connected" ? "info" : "error"}>
          {outcome === "connected" ? "Zoom is connected." : (OUTCOMES[outcome] ?? OUTCOMES.connection_failed)}
        </Alert>
      )}
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" aria-label="Conferencing apps">
        {apps.data.map((app) => (
          <li key={app.app} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
            <div>
              <h2 className="font-medium">{app.title}</h2>
              <p className="text-sm text-slate-600">
                {statusOf(app)}
                {app.isDefault ? " · Default" : ""}
              </p>
              {!app.connected && app.unavailable && <p className="text-sm text-slate-600">{app.unavailable}</p>}
            </div>
            {app.connect !== "built-in" &&
              (app.connected ? (
                <Button variant="secondary" onClick={() => setToDisconnect(app)} aria-label={`Disconnect ${app.title}`}>
                  Disconnect
                </Button>
              ) : app.unavailable ? null : (
                <Button onClick={() => connect.mutate({ app: app.app })} disabled={connect.isPending} aria-label={`Connect ${app.title}`}>
                  Connect
                </Button>
              ))}
          </li>
        ))}
      </ul>
      <DefaultAppForm key={apps.data.map((app) => `${app.app}:${app.connected}:${app.isDefault}`).join()} apps={apps.data} />
      <ConfirmDialog
        isOpen={toDisconnect !== null}
        title={`Disconnect ${toDisconnect?.title ?? ""}?`}
        confirmLabel="Disconnect"
        isPending={disconnect.isPending}
        error={disconnect.error ? describeError(disconnect.error).message : null}
        onConfirm={() => toDisconnect && disconnect.mutate({ app: toDisconnect.app })}
        onClose={() => setToDisconnect(null)}
      >
        New bookings located at {toDisconnect?.title} get a Jitsi Meet room instead; existing meetings stay as they are.
      </ConfirmDialog>
    </div>
  );
}
