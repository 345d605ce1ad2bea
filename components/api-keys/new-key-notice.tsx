"use client";
import { useRef, useState } from "react";
import { Button } from "../ui/button";
import type { TCreatedApiKey } from "./types";

/** The one moment the plaintext key exists in the browser; dismissing or reloading loses it for good. */
export function NewKeyNotice({ created, how = "created", onDismiss }: { created: TCreatedApiKey; how?: "created" | "refreshed"; onDismiss: () => void }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [copyStatus, setCopyStatus] = useState<"idle" | "copied" | "failed">("idle");

  async function copy() {
    try {
      await navigator.clipboard.writeText(created.key);
      setCopyStatus("copied");
    } catch {
      inputRef.current?.select();
      setCopyStatus("failed");
    }
  }

  return (
    <section aria-labelledby="new-key-heading" className="rounded-lg border border-emerald-300 bg-emerald-50 p-6">
      <h2 id="new-key-heading" className="text-lg font-semibold text-emerald-950">
        API key “{created.name}” {how}
      </h2>
      <p className="mt-2 text-sm text-emerald-900">
        Copy it now and store it somewhere safe. <strong>You will not see it again</strong>: Convene keeps only a fingerprint of it.
      </p>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <label htmlFor="new-api-key" className="sr-only">
          Your new API key
        </label>
        <input
          ref={inputRef}
          id="new-api-key"
          readOnly
          value={created.key}
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1 rounded-md border border-emerald-300 bg-white px-3 py-2 font-mono text-sm focus:outline-2 focus:outline-indigo-600"
        />
        <Button variant="secondary" onClick={copy}>
          {copyStatus === "copied" ? "Copied" : "Copy key"}
        </Button>
      </div>
      <p role="status" className="mt-2 min-h-5 text-sm text-emerald-900">
        {copyStatus === "copied" && "Copied to the clipboard."}
        {copyStatus === "failed" && "Copying is blocked in this browser: the key is selected, press Ctrl+C (⌘C) to copy it."}
      </p>
      <Button className="mt-2" onClick={onDismiss}>
        I have saved it
      </Button>
    </section>
  );
}
