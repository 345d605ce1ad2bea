"use client";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { SecretNotice } from "./secret-notice";
import type { TCreatedClient } from "./types";

/** After registering: the client waits for review, and a confidential one's first secret is shown this once. */
export function CreatedClientNotice({ created, onDismiss }: { created: TCreatedClient; onDismiss: () => void }) {
  const { client, secret } = created;
  const waiting = `“${client.name}” is registered and waits for review by an administrator. You will get an e-mail when it is reviewed.`;
  if (secret) {
    return (
      <div className="space-y-3">
        <Alert tone="info">{waiting}</Alert>
        <SecretNotice title={`Client secret for “${client.name}”`} secret={secret} onDismiss={onDismiss} />
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <Alert tone="info">{waiting} Public clients have no secret: they use PKCE.</Alert>
      <Button variant="secondary" onClick={onDismiss}>
        Dismiss
      </Button>
    </div>
  );
}
