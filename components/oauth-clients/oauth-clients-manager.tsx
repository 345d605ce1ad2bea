"use client";
import { useState } from "react";
import { Button } from "../ui/button";
import { ClientList } from "./client-list";
import { CreateClientForm } from "./create-client-form";
import { CreatedClientNotice } from "./created-client-notice";
import type { TCreatedClient } from "./types";

export function OAuthClientsManager() {
  const [isCreating, setIsCreating] = useState(false);
  // Held in memory only: the first secret is gone on reload, as the notice promises.
  const [created, setCreated] = useState<TCreatedClient | null>(null);

  function startCreating() {
    setCreated(null);
    setIsCreating(true);
  }

  return (
    <div className="space-y-8">
      {isCreating ? (
        <CreateClientForm
          onCreated={(result) => {
            setCreated(result);
            setIsCreating(false);
          }}
          onCancel={() => setIsCreating(false)}
        />
      ) : (
        <Button onClick={startCreating}>Register a client</Button>
      )}
      {created && <CreatedClientNotice created={created} onDismiss={() => setCreated(null)} />}
      <section aria-labelledby="your-clients-heading">
        <h2 id="your-clients-heading" className="mb-3 text-lg font-semibold">
          Your clients
        </h2>
        <ClientList />
      </section>
    </div>
  );
}
