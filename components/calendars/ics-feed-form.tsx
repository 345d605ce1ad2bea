"use client";
/** An ICS feed, on the REST body's own schema: the backend fetches it before saving, and a feed it cannot read is an error on the URL. */
import { useQueryClient } from "@tanstack/react-query";
import { ZSaveIcsFeedInput } from "@/server/calendars/calendars.schemas";
import { TextField } from "../form/fields";
import { Form, SubmitButton, useZodForm } from "../form/form";
import { useFormMutation } from "../form/use-form-mutation";
import { useTRPC } from "../trpc/client";

export function IcsFeedForm({ idPrefix = "ics", onConnected }: { idPrefix?: string; onConnected?: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useZodForm(ZSaveIcsFeedInput, { defaultValues: { urls: [""], readOnly: true } });
  const save = useFormMutation(form, trpc.calendars.saveIcsFeed.mutationOptions(), {
    success: "ICS feed connected",
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: trpc.calendars.list.queryKey() });
      form.reset();
      onConnected?.();
    },
  });
  return (
    <Form form={form} aria-labelledby={`${idPrefix}-heading`} onSubmit={(body) => save.mutate(body)}>
      <TextField
        id={`${idPrefix}-url`}
        name="urls.0"
        label="ICS feed URL"
        type="url"
        inputMode="url"
        placeholder="https://calendar.example.com/feed.ics"
        hint="Busy times from this feed are checked for conflicts. Feeds are read-only."
      />
      <SubmitButton pending={save.isPending} pendingLabel="Connecting…">
        Connect feed
      </SubmitButton>
    </Form>
  );
}
