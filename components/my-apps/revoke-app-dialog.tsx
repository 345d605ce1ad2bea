"use client";
import { useTRPC } from "../trpc/client";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { useDialogMutation } from "../ui/use-dialog-mutation";
import type { TAuthorizedApp } from "./types";

export function RevokeAppDialog({ app, onClose }: { app: TAuthorizedApp | null; onClose: () => void }) {
  const trpc = useTRPC();
  const { mutation: revoke, close, error } = useDialogMutation(trpc.authorizedApps.revoke.mutationOptions(), trpc.authorizedApps.list.queryKey(), onClose);

  return (
    <ConfirmDialog
      isOpen={app !== null}
      title={`Revoke access for “${app?.name ?? ""}”?`}
      confirmLabel={revoke.isPending ? "Revoking…" : "Revoke access"}
      isPending={revoke.isPending}
      error={error}
      onConfirm={() => app && revoke.mutate({ clientId: app.id })}
      onClose={close}
    >
      {app?.name} can no longer use your account: its tokens stop working immediately. It has to ask for your consent again to get back in.
    </ConfirmDialog>
  );
}
