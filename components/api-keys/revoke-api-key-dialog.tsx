"use client";
import { useTRPC } from "../trpc/client";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { useDialogMutation } from "../ui/use-dialog-mutation";
import type { TApiKeyListing } from "./types";

export function RevokeApiKeyDialog({ apiKey, onClose }: { apiKey: TApiKeyListing | null; onClose: () => void }) {
  const trpc = useTRPC();
  const { mutation: revoke, close, error } = useDialogMutation(trpc.apiKeys.revoke.mutationOptions(), trpc.apiKeys.list.queryKey(), onClose);

  return (
    <ConfirmDialog
      isOpen={apiKey !== null}
      title={`Revoke “${apiKey?.name ?? ""}”?`}
      confirmLabel={revoke.isPending ? "Revoking…" : "Revoke key"}
      isPending={revoke.isPending}
      error={error}
      onConfirm={() => apiKey && revoke.mutate({ id: apiKey.id })}
      onClose={close}
    >
      Anything using the key ending in <code className="font-mono">…{apiKey?.hint}</code> stops working immediately. This cannot be undone.
    </ConfirmDialog>
  );
}
