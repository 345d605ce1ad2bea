"use client";
/** "Duplicate": a new event type with every setting of this one; title, slug and length chosen here. */
import { ZDuplicateEventTypeInput } from "@/server/event-types/event-type-duplicate.schemas";
import { Form, useZodForm } from "../form/form";
import { useFormMutation } from "../form/use-form-mutation";
import { useTRPC } from "../trpc/client";
import { BasicFields, DialogButtons } from "./create-event-type-dialog";
import { FormDialog } from "./form-dialog";
import { slugify } from "./slugify";
import type { TListedEventType } from "./types";

type Props = { eventType: TListedEventType; teamId: number | null; publicBase: string; onClose: () => void };

export function DuplicateDialog({ eventType, teamId, publicBase, onClose }: Props) {
  return (
    <FormDialog isOpen onClose={onClose} title={`Duplicate “${eventType.title}”`}>
      <DuplicateForm eventType={eventType} teamId={teamId} publicBase={publicBase} onClose={onClose} />
    </FormDialog>
  );
}

function DuplicateForm({ eventType, teamId, publicBase, onClose }: Props) {
  const trpc = useTRPC();
  const title = `${eventType.title} (copy)`.slice(0, 200);
  const form = useZodForm(ZDuplicateEventTypeInput, { defaultValues: { title, slug: slugify(title), lengthInMinutes: eventType.lengthInMinutes } });
  const duplicate = useFormMutation(form, trpc.eventTypes.duplicate.mutationOptions(), {
    success: (created) => `“${created.title}” created`,
    invalidates: [trpc.eventTypes.overview.queryKey()],
    onSuccess: onClose,
  });
  return (
    <Form form={form} onSubmit={(body) => duplicate.mutate({ teamId, eventTypeId: eventType.id, body })} label="Duplicate event type">
      <BasicFields publicBase={publicBase} />
      <DialogButtons onClose={onClose} pending={duplicate.isPending} label="Duplicate" />
    </Form>
  );
}
