"use client";
import { useId } from "react";
import { Button } from "../ui/button";
import { CopyButton } from "./copy-button";

/** The one moment a client secret exists in the browser; dismissing or reloading loses it for good. */
export function SecretNotice({ title, secret, onDismiss }: { title: string; secret: string; onDismiss: () => void }) {
  const headingId = useId();
  const inputId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-emerald-300 bg-emerald-50 p-5">
      <h3 id={headingId} className="font-semibold text-emerald-950">
        {title}
      </h3>
      <p className="mt-2 text-sm text-emerald-900">
        Copy the client secret now and store it on your server. <strong>You will not see it again</strong>: Convene keeps only a fingerprint of it.
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
        <label htmlFor={inputId} className="sr-only">
          New client secret
        </label>
        <input
          id={inputId}
          readOnly
          value={secret}
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1 rounded-md border border-emerald-300 bg-white px-3 py-2 font-mono text-sm focus:outline-2 focus:outline-indigo-600"
        />
        <CopyButton value={secret} label="Copy secret" />
      </div>
      <Button className="mt-3" onClick={onDismiss}>
        I have saved it
      </Button>
    </section>
  );
}
