"use client";
/** One event type in the list: its page and length; for those who may change it, edit, copy link, hide/show, duplicate, delete. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { SwitchControl } from "../form/fields";
import { useTRPC } from "../trpc/client";
import { describeError } from "../trpc/errors";
import { Button, FOCUS_RING } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { toast } from "../ui/toast";
import { DuplicateDialog } from "./duplicate-dialog";
import { SCHEDULING_KIND_LABELS } from "./scheduling-kinds";
import type { TListedEventType } from "./types";

type Props = { eventType: TListedEventType; teamId: number | null; publicBase: string; canWrite: boolean };

async function copyLink(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    toast.success("Link copied");
  } catch {
    toast.error(`Could not copy; the link is ${url}`);
  }
}

export function EventTypeRow({ eventType, teamId, publicBase, canWrite }: Props) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<"none" | "duplicate" | "delete">("none");
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.eventTypes.overview.queryKey() });
  const url = `${publicBase}${eventType.slug}`;
  const ref = { teamId, eventTypeId: eventType.id };

  const setHidden = useMutation(
    trpc.eventTypes.update.mutationOptions({
      onSuccess: async (saved) => {
        await refresh();
        toast.success(saved.hidden ? `“${saved.title}” is hidden` : `“${saved.title}” is shown on your page`);
      },
      onError: (error) => toast.error(describeError(error).message),
    }),
  );
  const remove = useMutation(
    trpc.eventTypes.delete.mutationOptions({
      meta: { showsError: true },
      onSuccess: async () => {
        await refresh();
        setDialog("none");
        toast.success(`“${eventType.title}” deleted`);
      },
    }),
  );
  const kind = "schedulingType" in eventType ? SCHEDULING_KIND_LABELS[eventType.schedulingType].split(":")[0] : null;

  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3" aria-label={eventType.title}>
      <div className="min-w-0">
        {canWrite ? (
          <Link href={`/event-types/${eventType.id}`} className={`font-medium [overflow-wrap:anywhere] text-slate-900 hover:underline ${FOCUS_RING}`}>
            {eventType.title}
          </Link>
        ) : (
          <p className="font-medium [overflow-wrap:anywhere] text-slate-900">{eventType.title}</p>
        )}
        <p className="text-sm text-slate-600">
          {[`${eventType.lengthInMinutes} min`, kind, eventType.requiresConfirmation ? "Requires confirmation" : null].filter(Boolean).join(" · ")}
          {eventType.hidden && <span className="ml-2 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-800">Hidden</span>}
        </p>
        <p className="truncate text-xs text-slate-600">{url}</p>
      </div>
      {canWrite && (
        <div className="flex flex-wrap items-center gap-2">
          <SwitchControl label="Hidden" isSelected={eventType.hidden} onChange={(hidden) => setHidden.mutate({ ...ref, body: { hidden } })} className="mr-2" />
          <Button variant="secondary" onClick={() => void copyLink(url)}>
            Copy link
          </Button>
          <Button variant="secondary" onClick={() => setDialog("duplicate")}>
            Duplicate
          </Button>
          <Button variant="secondary" onClick={() => setDialog("delete")}>
            Delete
          </Button>
        </div>
      )}
      {dialog === "duplicate" && <DuplicateDialog eventType={eventType} teamId={teamId} publicBase={publicBase} onClose={() => setDialog("none")} />}
      <ConfirmDialog
        isOpen={dialog === "delete"}
        title={`Delete “${eventType.title}”?`}
        confirmLabel="Delete event type"
        isPending={remove.isPending}
        error={remove.error ? describeError(remove.error).message : null}
        onConfirm={() => remove.mutate(ref)}
        onClose={() => {
          remove.reset();
          setDialog("none");
        }}
      >
        Its booking page goes away. Bookings already made stay, without an event type.
      </ConfirmDialog>
    </li>
  );
}
