"use client";
/** Deleting a team (its owners): its event types and memberships go with it; bookings already made stay. */
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTRPC } from "../trpc/client";
import { describeError } from "../trpc/errors";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { toast } from "../ui/toast";

export function DeleteTeam({ team }: { team: { id: number; name: string } }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [isOpen, setIsOpen] = useState(false);
  const mutation = useMutation(
    trpc.teams.delete.mutationOptions({
      meta: { showsError: true },
      onSuccess: () => {
        toast.success(`“${team.name}” deleted`);
        router.push("/settings/teams");
      },
    }),
  );
  const close = () => {
    mutation.reset();
    setIsOpen(false);
  };
  return (
    <section aria-labelledby="delete-team-heading" className="rounded-lg border border-red-200 bg-white p-6 shadow-sm">
      <h2 id="delete-team-heading" className="text-lg font-semibold">
        Delete the team
      </h2>
      <p className="mt-1 text-sm text-slate-600">Its event types and memberships are deleted. Bookings already made stay in everyone’s lists.</p>
      <Button variant="danger" className="mt-4" onClick={() => setIsOpen(true)}>
        Delete team
      </Button>
      <ConfirmDialog
        isOpen={isOpen}
        title={`Delete “${team.name}”?`}
        confirmLabel="Delete team"
        isPending={mutation.isPending}
        error={mutation.error ? describeError(mutation.error).message : null}
        onConfirm={() => mutation.mutate({ teamId: team.id })}
        onClose={close}
      >
        This cannot be undone.
      </ConfirmDialog>
    </section>
  );
}
