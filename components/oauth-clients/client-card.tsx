"use client";
import { useId, useState } from "react";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { ClientDetails } from "./client-details";
import { AppCardHeader } from "./app-card-header";
import { ClientSecrets } from "./client-secrets";
import { CopyButton } from "./copy-button";
import { DeleteClientDialog } from "./delete-client-dialog";
import { EditClientForm } from "./edit-client-form";
import { PendingReviewNotice } from "./pending-review-notice";
import { StatusBadge, TYPE_LABELS } from "./status-badge";
import type { TOAuthClient } from "./types";

export function ClientCard({ client }: { client: TOAuthClient }) {
  const headingId = useId();
  const [isEditing, setIsEditing] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);
  const [savedMessage, setSavedMessage] = useState<string | null>(null);

  function startEditing() {
    setSavedMessage(null);
    setIsEditing(true);
  }

  function finishEditing(updated: TOAuthClient | null) {
    setIsEditing(false);
    if (updated)
      setSavedMessage(updated.status === "PENDING" && client.status !== "PENDING" ? "Changes saved. The client is back in review." : "Changes saved.");
  }

  return (
    <article aria-labelledby={headingId} className="space-y-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <AppCardHeader
        app={client}
        headingId={headingId}
        headingLevel={3}
        subtitle={
          <>
            {TYPE_LABELS[client.type]} client <StatusBadge status={client.status} />
          </>
        }
        actions={
          !isEditing && (
            <div className="flex gap-2">
              <Button variant="secondary" onClick={startEditing}>
                Edit<span className="sr-only"> {client.name}</span>
              </Button>
              <Button variant="danger" onClick={() => setIsDeleting(true)}>
                Delete<span className="sr-only"> {client.name}</span>
              </Button>
            </div>
          )
        }
      />
      {client.status === "PENDING" && <PendingReviewNotice />}
      {client.status === "REJECTED" && client.rejectionReason && <Alert>Rejected by the reviewer: {client.rejectionReason}</Alert>}
      {savedMessage && <Alert tone="info">{savedMessage}</Alert>}
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium text-slate-700">Client ID</span>
        <code className="break-all rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs">{client.id}</code>
        <CopyButton value={client.id} label="Copy client ID" />
      </p>
      {isEditing ? <EditClientForm client={client} onDone={finishEditing} /> : <ClientDetails client={client} />}
      {client.type === "CONFIDENTIAL" && <ClientSecrets client={client} />}
      <DeleteClientDialog client={client} isOpen={isDeleting} onClose={() => setIsDeleting(false)} />
    </article>
  );
}
