"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useTRPC } from "../trpc/client";
import { describeError, type FieldErrors } from "../trpc/errors";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { TextareaField } from "../ui/textarea-field";
import { useHydrated } from "../ui/use-hydrated";

type Props = { uid: string; token: string; isInitiallyOpen: boolean };

/** Cancel with an optional reason; the page then reloads from the server and says the booking is cancelled. */
export function CancelBookingForm({ uid, token, isInitiallyOpen }: Props) {
  const trpc = useTRPC();
  const router = useRouter();
  const cancel = useMutation(trpc.bookingManage.cancel.mutationOptions({ meta: { showsError: true } }));
  const [isOpen, setIsOpen] = useState(isInitiallyOpen);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<FieldErrors>({});
  const isHydrated = useHydrated();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get("cancellationReason") ?? "");
    setError(null);
    setFields({});
    try {
      await cancel.mutateAsync({ uid, token, ...(reason.trim() ? { cancellationReason: reason } : {}) });
      router.refresh();
    } catch (failure) {
      const described = describeError(failure);
      setError(described.message);
      setFields(described.fields);
    }
  }

  if (!isOpen)
    return (
      <Button variant="secondary" onClick={() => setIsOpen(true)} disabled={!isHydrated}>
        Cancel this booking
      </Button>
    );
  return (
    <form onSubmit={onSubmit} aria-labelledby="cancel-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="cancel-heading" className="text-base font-semibold">
        Cancel this booking
      </h2>
      {error && <Alert>{error}</Alert>}
      <TextareaField
        name="cancellationReason"
        label="Reason (optional)"
        maxLength={500}
        error={fields.cancellationReason}
        hint="The host sees it in their mail."
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="danger" disabled={!isHydrated || cancel.isPending}>
          {cancel.isPending ? "Cancelling…" : "Confirm cancellation"}
        </Button>
        <Button variant="secondary" onClick={() => setIsOpen(false)}>
          Keep the booking
        </Button>
      </div>
    </form>
  );
}
