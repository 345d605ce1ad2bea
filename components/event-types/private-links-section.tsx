"use client";
/**
 * Private links: a hidden or public event type booked through a secret URL that ends after a number of bookings or
 * on a date. Created, listed and revoked through the private-link use cases /v2 calls.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useFormContext } from "react-hook-form";
import { ZCreatePrivateLinkInput } from "@/server/event-types/private-link.schemas";
import { Form, SubmitButton, useZodForm } from "../form/form";
import { useFormMutation } from "../form/use-form-mutation";
import { useTRPC } from "../trpc/client";
import { describeError } from "../trpc/errors";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { CONTROL_CLASSES } from "../ui/field-frame";
import { toast } from "../ui/toast";
import { ChoiceSelect } from "./choice-select";
import { NumberField } from "./number-field";
import { Fieldset } from "./section-frame";
import type { TPrivateLink } from "./types";

/** The event type the links book, with its team (null: the user's own), as the procedures take it. */
type TLinkScope = { eventTypeId: number; teamId: number | null };

export function PrivateLinksSection({ scope }: { scope: TLinkScope }) {
  const trpc = useTRPC();
  const links = useQuery(trpc.eventTypes.privateLinks.list.queryOptions(scope));
  return (
    <div className="space-y-6">
      <NewLinkForm scope={scope} />
      <section aria-labelledby="private-links-heading">
        <h3 id="private-links-heading" className="mb-3 text-base font-semibold">
          Links
        </h3>
        {links.error && <Alert>{describeError(links.error).message}</Alert>}
        {links.data?.length === 0 && <p className="text-sm text-slate-600">No private links yet.</p>}
        {links.data && links.data.length > 0 && (
          <ul aria-labelledby="private-links-heading" className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {links.data.map((link) => (
              <LinkRow key={link.linkId} link={link} scope={scope} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

const limitText = (link: TPrivateLink) =>
  "expiresAt" in link ? `Until ${new Date(link.expiresAt).toLocaleString()}` : `${link.usageCount} of ${link.maxUsageCount} bookings used`;

function LinkRow({ link, scope }: { link: TPrivateLink; scope: TLinkScope }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [isConfirming, setConfirming] = useState(false);
  const revoke = useMutation(
    trpc.eventTypes.privateLinks.revoke.mutationOptions({
      meta: { showsError: true },
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.eventTypes.privateLinks.list.queryKey(scope) });
        setConfirming(false);
        toast.success("Private link revoked");
      },
    }),
  );
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3" aria-label={`Private link ${link.linkId.slice(0, 6)}`}>
      <div className="min-w-0">
        <p className="truncate font-mono text-xs text-slate-800">{link.bookingUrl}</p>
        <p className="text-sm text-slate-600">
          {limitText(link)}
          {link.isExpired && <span className="ml-2 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-800">Expired</span>}
        </p>
      </div>
      <div className="flex gap-2">
        <Button
          variant="secondary"
          onClick={() =>
            void navigator.clipboard.writeText(link.bookingUrl).then(
              () => toast.success("Link copied"),
              () => toast.error(`Could not copy; the link is ${link.bookingUrl}`),
            )
          }
        >
          Copy
        </Button>
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          Revoke
        </Button>
      </div>
      <ConfirmDialog
        isOpen={isConfirming}
        title="Revoke this private link?"
        confirmLabel="Revoke link"
        isPending={revoke.isPending}
        error={revoke.error ? describeError(revoke.error).message : null}
        onConfirm={() => revoke.mutate({ ...scope, linkId: link.linkId })}
        onClose={() => {
          revoke.reset();
          setConfirming(false);
        }}
      >
        Whoever has it can no longer book with it. Bookings already made stay.
      </ConfirmDialog>
    </li>
  );
}

const KINDS = [
  { value: "uses", label: "A number of bookings" },
  { value: "until", label: "Until a date" },
] as const;

function NewLinkForm({ scope }: { scope: TLinkScope }) {
  const trpc = useTRPC();
  const [kind, setKind] = useState<"uses" | "until">("uses");
  const form = useZodForm(ZCreatePrivateLinkInput, { defaultValues: { maxUsageCount: 1 } });
  const create = useFormMutation(form, trpc.eventTypes.privateLinks.create.mutationOptions(), {
    success: "Private link created",
    invalidates: [trpc.eventTypes.privateLinks.list.queryKey(scope)],
    onSuccess: () => form.reset(kind === "uses" ? { maxUsageCount: 1 } : {}),
  });
  const choose = (next: "uses" | "until") => {
    setKind(next);
    form.reset(next === "uses" ? { maxUsageCount: 1 } : {});
  };
  return (
    <Form form={form} onSubmit={(body) => create.mutate({ ...scope, body })} label="New private link">
      <Fieldset legend="New private link" hint="Anyone with the link can book, even when the event type is hidden, until it runs out.">
        <div className="grid gap-4 sm:grid-cols-2">
          <ChoiceSelect label="The link works for" options={KINDS} value={kind} onChange={choose} />
          {kind === "uses" ? <NumberField name="maxUsageCount" label="Bookings allowed" min={1} /> : <ExpiryDate />}
        </div>
        <SubmitButton pending={create.isPending} pendingLabel="Creating…">
          Create private link
        </SubmitButton>
      </Fieldset>
    </Form>
  );
}

/** A day in the viewer's zone; the link ends at the end of it (the schema's expiresAt is an instant). */
function ExpiryDate() {
  const { setValue, formState } = useFormContext();
  const error = (formState.errors.expiresAt as { message?: string } | undefined)?.message;
  return (
    <div>
      <label htmlFor="private-link-until" className="block text-sm font-medium text-slate-800">
        Last day
      </label>
      <input
        id="private-link-until"
        type="date"
        className={CONTROL_CLASSES}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "private-link-until-error" : undefined}
        onChange={(event) =>
          setValue("expiresAt", event.target.value ? new Date(`${event.target.value}T23:59:59`).toISOString() : undefined, { shouldValidate: true })
        }
      />
      {error && (
        <p id="private-link-until-error" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
