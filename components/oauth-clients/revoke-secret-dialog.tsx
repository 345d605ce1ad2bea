"use client";
import { useTRPC } from "../trpc/client";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { useDialogMutation } from "../ui/use-dialog-mutation";
import type { TClientSecretListing } from "./types";

type Props = { clientId: string; secret: TClientSecretListing | null; onClose: () => void };

export function RevokeSecretDialog({ clientId, secret, onClose }: Props) {
  const trpc = useTRPC();
  const { mutation: revoke, close, error } = useDialogMutation(trpc.oauthClients.revokeSecret.mutationOptions(), trpc.oauthClients.list.queryKey(), onClose);

  return (
    <ConfirmDialog
      isOpen={secret !== null}
      title={`Revoke the secret ending in ${secret?.hint ?? ""}?`}
      confirmLabel={revoke.isPending ? "Revoking…" : "Revoke secret"}
      isPending={revoke.isPending}
      error={error}
      onConfirm={() => secret && revoke.mutate({ clientId, secretId: secret.id })}
      onClose={close}
    >
      Code exchanges and refreshes that send <code className="font-mono">…{secret?.hint}</code> fail immediately, with no grace period. Tokens already issued
      keep working.
    </ConfirmDialog>
  );
}
