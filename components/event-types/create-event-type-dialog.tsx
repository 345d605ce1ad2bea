"use client";
/** "New event type": title, slug (from the title until edited) with the public URL it makes, length; a team's also its kind. */
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import { useFormContext, useWatch } from "react-hook-form";
import { ZCreateEventTypeInput } from "@/server/event-types/event-type.schemas";
import { ZCreateTeamEventTypeInput } from "@/server/event-types/team-event-type.schemas";
import { SelectField, TextField } from "../form/fields";
import { Form, SubmitButton, useZodForm } from "../form/form";
import { useFormMutation } from "../form/use-form-mutation";
import { useTRPC } from "../trpc/client";
import { Button } from "../ui/button";
import { FormDialog } from "./form-dialog";
import { slugify } from "./slugify";
import { SCHEDULING_KIND_OPTIONS } from "./scheduling-kinds";

type Props = { isOpen: boolean; onClose: () => void; teamId: number | null; publicBase: string };

export function CreateEventTypeDialog({ isOpen, onClose, teamId, publicBase }: Props) {
  return (
    <FormDialog isOpen={isOpen} onClose={onClose} title={teamId === null ? "New event type" : "New team event type"}>
      {teamId === null ? <PersonalForm onClose={onClose} publicBase={publicBase} /> : <TeamForm onClose={onClose} publicBase={publicBase} teamId={teamId} />}
    </FormDialog>
  );
}

const defaults = { title: "", slug: "", lengthInMinutes: 30 };

function useCreated(onClose: () => void) {
  const trpc = useTRPC();
  const router = useRouter();
  return {
    success: (created: { title: string }) => `“${created.title}” created`,
    invalidates: [trpc.eventTypes.overview.queryKey()],
    onSuccess: (created: { id: number }) => {
      onClose();
      router.push(`/event-types/${created.id}`);
    },
  };
}

function PersonalForm({ onClose, publicBase }: { onClose: () => void; publicBase: string }) {
  const trpc = useTRPC();
  const form = useZodForm(ZCreateEventTypeInput, { defaultValues: defaults });
  const create = useFormMutation(form, trpc.eventTypes.create.mutationOptions(), useCreated(onClose));
  return (
    <Form form={form} onSubmit={(body) => create.mutate({ body })} label="New event type">
      <BasicFields publicBase={publicBase} />
      <MeetingLinkNote appLabel={useDefaultAppLabel()} />
      <DialogButtons onClose={onClose} pending={create.isPending} />
    </Form>
  );
}

/** The video app a new personal event type starts with (the router adds it): the user's default, Jitsi Meet until they pick one. */
function useDefaultAppLabel() {
  const trpc = useTRPC();
  const kinds = useQuery(trpc.eventTypes.locationKinds.queryOptions());
  return kinds.data?.find((kind) => kind.type === "integration")?.integrations[0]?.label ?? "Jitsi Meet";
}

function MeetingLinkNote({ appLabel }: { appLabel: string }) {
  return <p className="text-sm text-slate-600">Bookings get a {appLabel} meeting link. You can choose another location in the editor.</p>;
}

function TeamForm({ onClose, publicBase, teamId }: { onClose: () => void; publicBase: string; teamId: number }) {
  const trpc = useTRPC();
  const form = useZodForm(ZCreateTeamEventTypeInput, { defaultValues: { ...defaults, schedulingType: "roundRobin", assignAllTeamMembers: true } });
  const create = useFormMutation(form, trpc.eventTypes.createForTeam.mutationOptions(), useCreated(onClose));
  return (
    <Form form={form} onSubmit={(body) => create.mutate({ teamId, body })} label="New team event type">
      <BasicFields publicBase={publicBase} />
      <SelectField
        name="schedulingType"
        label="Assignment"
        options={SCHEDULING_KIND_OPTIONS}
        hint="Kept for the event type's life. Every member hosts it at first."
      />
      <MeetingLinkNote appLabel="Jitsi Meet" />
      <DialogButtons onClose={onClose} pending={create.isPending} />
    </Form>
  );
}

/** Title, slug and length, shared by create and duplicate. The slug follows the title until the person edits it. */
export function BasicFields({ publicBase }: { publicBase: string }) {
  const { setValue, getFieldState } = useFormContext();
  const title = useWatch({ name: "title" }) as string;
  const slug = useWatch({ name: "slug" }) as string;
  useEffect(() => {
    if (!getFieldState("slug").isDirty) setValue("slug", slugify(title ?? ""));
  }, [title, setValue, getFieldState]);
  return (
    <>
      <TextField name="title" label="Title" maxLength={200} autoComplete="off" />
      <TextField name="slug" label="URL slug" maxLength={100} autoComplete="off" hint={`Public URL: ${publicBase}${slug || "…"}`} />
      <TextField name="lengthInMinutes" type="number" label="Length (minutes)" min={1} max={1440} />
    </>
  );
}

export function DialogButtons({ onClose, pending, label = "Create" }: { onClose: () => void; pending: boolean; label?: string }) {
  return (
    <div className="flex justify-end gap-3 pt-2">
      <Button variant="secondary" onClick={onClose}>
        Cancel
      </Button>
      <SubmitButton pending={pending} pendingLabel="Creating…">
        {label}
      </SubmitButton>
    </div>
  );
}
