"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { describeError } from "../trpc/errors";
import { ConfirmDialog } from "../ui/confirm-dialog";
import type { TOAuthClient } from "./types";

export function DeleteClientDialog({ client, isOpen, onClose }: { client: TOAuthClient; isOpen: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(
    trpc.oauthClients.delete.mutationOptions({
      meta: { showsError: true },
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.oauthClients.list.queryKey() }),
    }),
  );

  function close() {
    remove.reset();
    onClose();
  }

  return (
    <ConfirmDialog
      isOpen={isOpen}
      title={`Delete “${client.name}”?`}
      confirmLabel={remove.isPending ? "Deleting…" : "Delete client"}
      isPending={remove.isPending}
      error={remove.error ? describeError(remove.error).message : null}
      onConfirm={() => remove.mutate({ clientId: client.id })}
      onClose={close}
    >
      The app stops working at once: its secrets, and every user&apos;s access through it, end. This cannot be undone.
    </ConfirmDialog>
  );
}
