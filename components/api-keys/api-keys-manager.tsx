"use client";
import { useState } from "react";
import { ApiKeyList } from "./api-key-list";
import { CreateApiKeyForm } from "./create-api-key-form";
import { NewKeyNotice } from "./new-key-notice";
import type { TCreatedApiKey } from "./types";

export function ApiKeysManager() {
  // Held in memory only: the plaintext key is gone on reload, as promised on the page.
  const [created, setCreated] = useState<{ key: TCreatedApiKey; how: "created" | "refreshed" } | null>(null);
  return (
    <div className="space-y-8">
      <CreateApiKeyForm onCreated={(key) => setCreated({ key, how: "created" })} />
      {created && <NewKeyNotice created={created.key} how={created.how} onDismiss={() => setCreated(null)} />}
      <section aria-labelledby="your-keys-heading">
        <h2 id="your-keys-heading" className="mb-3 text-lg font-semibold">
          Your keys
        </h2>
        <ApiKeyList onRefreshed={(key) => setCreated({ key, how: "refreshed" })} />
      </section>
    </div>
  );
}
