"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { MAX_ACTIVE_SECRETS } from "@/server/oauth/oauth-client.schemas";
import { formatDate } from "../ui/format";
import { useTRPC } from "../trpc/client";
import { describeError } from "../trpc/errors";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { RevokeSecretDialog } from "./revoke-secret-dialog";
import { SecretNotice } from "./secret-notice";
import type { TClientSecretListing, TOAuthClient } from "./types";

/** Rotation in the page: generate a second secret, switch the app over, revoke the old one. */
export function ClientSecrets({ client }: { client: TOAuthClient }) {
  const headingId = useId();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [newSecret, setNewSecret] = useState<string | null>(null);
  const [toRevoke, setToRevoke] = useState<TClientSecretListing | null>(null);
  const generate = useMutation(
    trpc.oauthClients.createSecret.mutationOptions({
      meta: { showsError: true },
      onSuccess: async (created) => {
        setNewSecret(created.secret);
        await queryClient.invalidateQueries({ queryKey: trpc.oauthClients.list.queryKey() });
      },
    }),
  );

  return (
    <section aria-labelledby={headingId} className="space-y-3 border-t border-slate-200 pt-4">
      <h4 id={headingId} className="font-semibold">
        Client secrets
      </h4>
      <p className="text-sm text-slate-600">
        Up to {MAX_ACTIVE_SECRETS} secrets work at the same time. To rotate, generate a new one, switch your app to it, then revoke the old one.
      </p>
      {client.secrets.length === 0 ? (
        <p className="text-sm text-slate-600">No active secrets: the app cannot exchange codes until you generate one.</p>
      ) : (
        <ul aria-label={`Secrets of ${client.name}`} className="divide-y divide-slate-200 rounded-md border border-slate-200 text-sm">
          {client.secrets.map((secret) => (
            <li key={secret.id} className="flex items-center justify-between gap-4 px-4 py-2">
              <span>
                <code className="font-mono">…{secret.hint}</code>
                <span className="ml-3 text-slate-600">
                  created <time dateTime={secret.createdAt}>{formatDate(secret.createdAt)}</time>
                </span>
              </span>
              <Button variant="secondary" className="px-2.5 py-1 text-xs" onClick={() => setToRevoke(secret)}>
                Revoke<span className="sr-only"> secret ending in {secret.hint}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {generate.error && <Alert>{describeError(generate.error).message}</Alert>}
      {newSecret && <SecretNotice title="New client secret generated" secret={newSecret} onDismiss={() => setNewSecret(null)} />}
      <Button variant="secondary" disabled={generate.isPending} onClick={() => generate.mutate({ clientId: client.id })}>
        {generate.isPending ? "Generating…" : "Generate secret"}
      </Button>
      <RevokeSecretDialog clientId={client.id} secret={toRevoke} onClose={() => setToRevoke(null)} />
    </section>
  );
}
