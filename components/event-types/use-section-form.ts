"use client";
/**
 * One editor section's form: the section's fields of the event type (as the body that would set them again), the
 * update schema /v2 validates with, and a save that sends only those fields. Saved data comes back through the
 * refetched query and resets the form, so "dirty" means "not saved yet". The reset keeps what the person is typing:
 * the refetch after a save (or another section's save) lands a moment later, and must not overwrite an edit begun
 * in between.
 */
import { useEffect, useMemo } from "react";
import { ZUpdateTeamEventTypeInput, type TUpdateTeamEventTypeInput } from "@/server/event-types/team-event-type.schemas";
import { useZodForm } from "../form/form";
import { useFormMutation } from "../form/use-form-mutation";
import { useTRPC } from "../trpc/client";
import type { TEditorData } from "./types";

export function useSectionForm(data: TEditorData, valuesOf: (data: TEditorData) => TUpdateTeamEventTypeInput, success = "Event type saved") {
  const trpc = useTRPC();
  const values = useMemo(() => valuesOf(data), [data, valuesOf]);
  const form = useZodForm(ZUpdateTeamEventTypeInput, { defaultValues: values });
  useEffect(() => form.reset(values, { keepDirtyValues: true }), [values, form]);
  const save = useFormMutation(form, trpc.eventTypes.update.mutationOptions(), {
    success,
    invalidates: [trpc.eventTypes.get.queryKey({ eventTypeId: data.eventType.id }), trpc.eventTypes.overview.queryKey()],
  });
  const teamId = data.kind === "team" ? data.eventType.teamId : null;
  const submit = (body: TUpdateTeamEventTypeInput) => save.mutate({ teamId, eventTypeId: data.eventType.id, body });
  return { form, save, submit };
}
