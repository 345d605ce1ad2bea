"use client";
/**
 * CalDAV and Apple (iCloud): server URL, user, app password, on the REST body's own schema. The backend discovers the
 * calendars before saving anything; its refusal lands on the field it concerns: a rejected login on the password, an
 * unreachable or non-CalDAV server on the URL. The same account connected again replaces its password (reconnect).
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { ZAppleCredentialsInput } from "@/server/calendars/calendars.schemas";
import { TextField } from "../form/fields";
import { Form, SubmitButton, useZodForm } from "../form/form";
import { applyServerErrors } from "../form/server-errors";
import { useTRPC } from "../trpc/client";
import { toast } from "../ui/toast";

const ZCalDavForm = ZAppleCredentialsInput.extend({ url: z.union([z.literal(""), ZAppleCredentialsInput.shape.url.unwrap()]) });

/** The backend's reason for a refused connection (CalendarError's kind, in the error's details). */
function refusalReason(error: unknown): string | undefined {
  const details = (error as { data?: { details?: unknown } })?.data?.details;
  return typeof details === "object" && details !== null && "reason" in details ? String(details.reason) : undefined;
}

export function CalDavForm({ defaultUrl, idPrefix = "caldav", onConnected }: { defaultUrl: string; idPrefix?: string; onConnected?: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useZodForm(ZCalDavForm, { defaultValues: { url: "", username: "", password: "" } });
  const save = useMutation(
    trpc.calendars.saveCalDav.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.calendars.list.queryKey() });
        toast.success("CalDAV calendar connected");
        form.reset();
        onConnected?.();
      },
      onError: (error) => {
        const message = applyServerErrors(form, error);
        const reason = refusalReason(error);
        if (reason) form.setError(reason === "auth" ? "password" : "url", { type: "server", message }, { shouldFocus: true });
        toast.error(message);
      },
    }),
  );
  return (
    <Form form={form} aria-labelledby={`${idPrefix}-heading`} onSubmit={({ url, ...credentials }) => save.mutate({ ...credentials, ...(url ? { url } : {}) })}>
      <TextField
        id={`${idPrefix}-url`}
        name="url"
        label="Server URL"
        type="url"
        inputMode="url"
        placeholder={defaultUrl}
        hint={`Leave empty for iCloud (${defaultUrl}).`}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id={`${idPrefix}-username`} name="username" label="Username" autoComplete="username" />
        <TextField
          id={`${idPrefix}-password`}
          name="password"
          label="App password"
          type="password"
          autoComplete="current-password"
          hint="For iCloud, an app-specific password."
        />
      </div>
      <SubmitButton pending={save.isPending} pendingLabel="Connecting…">
        Connect CalDAV
      </SubmitButton>
    </Form>
  );
}
