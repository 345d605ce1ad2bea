"use client";
/** A new webhook's signing secret, shown once: the page holds it in memory only until the person says it is saved. */
import { useId } from "react";
import { Button } from "../ui/button";

export function NewWebhookSecret({ secret, onSaved, headingLevel }: { secret: string; onSaved: () => void; headingLevel: "h2" | "h3" }) {
  const id = useId();
  const Heading = headingLevel;
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-lg border border-emerald-300 bg-emerald-50 p-6">
      <Heading id={`${id}-heading`} className="text-lg font-semibold text-emerald-950">
        Webhook created
      </Heading>
      <p className="mt-2 text-sm text-emerald-900">
        Its signing secret, for verifying deliveries (Standard Webhooks). <strong>You will not see it again.</strong>
      </p>
      <label htmlFor={`${id}-secret`} className="sr-only">
        Signing secret
      </label>
      <input id={`${id}-secret`} readOnly value={secret} className="mt-3 w-full rounded-md border border-emerald-300 bg-white px-3 py-2 font-mono text-sm" />
      <Button className="mt-3" onClick={onSaved}>
        I have saved it
      </Button>
    </section>
  );
}
