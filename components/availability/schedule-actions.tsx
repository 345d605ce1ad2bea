"use client";
/** Set as default, and delete: the default only with a successor named, the last schedule never. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { TScheduleOutput } from "@/server/schedules/schedule.dto";
import { useTRPC } from "../trpc/client";
import { describeError } from "../trpc/errors";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { toast } from "../ui/toast";

export function ScheduleActions({ schedule }: { schedule: TScheduleOutput }) {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [isConfirming, setConfirming] = useState(false);
  const all = useQuery(trpc.availability.schedules.list.queryOptions());
  const others = (all.data ?? []).filter((other) => other.id !== schedule.id);
  const successor = schedule.isDefault ? others[0] : undefined;
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.availability.schedules.pathKey() });

  const makeDefault = useMutation(
    trpc.availability.schedules.setDefault.mutationOptions({
      onSuccess: async () => {
        await refresh();
        toast.success(`“${schedule.name}” is now your default schedule`);
      },
      onError: (error) => toast.error(describeError(error).message),
    }),
  );
  const remove = useMutation(
    trpc.availability.schedules.delete.mutationOptions({
      meta: { showsError: true },
      onSuccess: async () => {
        await refresh();
        toast.success(`“${schedule.name}” deleted`);
        router.push("/availability");
      },
    }),
  );

  return (
    <div className="flex flex-wrap gap-2">
      {!schedule.isDefault && (
        <Button variant="secondary" disabled={makeDefault.isPending} onClick={() => makeDefault.mutate({ scheduleId: schedule.id })}>
          Set as default
        </Button>
      )}
      <Button
        variant="secondary"
        disabled={others.length === 0}
        onClick={() => setConfirming(true)}
        title={others.length === 0 ? "Your only schedule cannot be deleted" : undefined}
      >
        Delete
      </Button>
      {others.length === 0 && all.isSuccess && <p className="w-full text-xs text-slate-600">Your only schedule cannot be deleted.</p>}
      <ConfirmDialog
        isOpen={isConfirming}
        title={`Delete “${schedule.name}”?`}
        confirmLabel="Delete schedule"
        isPending={remove.isPending}
        error={remove.error ? describeError(remove.error).message : null}
        onConfirm={() => remove.mutate({ scheduleId: schedule.id, newDefaultScheduleId: successor?.id })}
        onClose={() => {
          remove.reset();
          setConfirming(false);
        }}
      >
        Event types that use it fall back to your default schedule.
        {successor && ` It is your default: “${successor.name}” becomes the default instead.`}
      </ConfirmDialog>
    </div>
  );
}
