"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { TextareaField } from "../form/fields";
import { Form, SubmitButton } from "../form/form";
import { applyServerErrors } from "../form/server-errors";
import { useTRPC } from "../trpc/client";
import { Button } from "../ui/button";
import { useHydrated } from "../ui/use-hydrated";

type Props = { uid: string; token: string; isInitiallyOpen: boolean };

/** Cancel with an optional reason; the page then reloads from the server and says the booking is cancelled. */
export function CancelBookingForm({ uid, token, isInitiallyOpen }: Props) {
  const trpc = useTRPC();
  const router = useRouter();
  const cancel = useMutation(trpc.bookingManage.cancel.mutationOptions({ meta: { showsError: true } }));
  const form = useForm<{ cancellationReason: string }>({ mode: "onTouched", defaultValues: { cancellationReason: "" } });
  const [isOpen, setIsOpen] = useState(isInitiallyOpen);
  const isHydrated = useHydrated();

  async function submit({ cancellationReason }: { cancellationReason: string }) {
    try {
      await cancel.mutateAsync({ uid, token, ...(cancellationReason.trim() ? { cancellationReason } : {}) });
      router.refresh();
    } catch (failure) {
      applyServerErrors(form, failure);
    }
  }

  if (!isOpen)
    return (
      <Button variant="secondary" onClick={() => setIsOpen(true)} disabled={!isHydrated}>
        Cancel this booking
      </Button>
    );
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <Form form={form} onSubmit={submit} aria-labelledby="cancel-heading" className="space-y-3">
        <h2 id="cancel-heading" className="text-base font-semibold">
          Cancel this booking
        </h2>
        <TextareaField name="cancellationReason" label="Reason (optional)" maxLength={500} hint="The host sees it in their mail. Up to 500 characters." />
        <div className="flex flex-wrap gap-2">
          <SubmitButton variant="danger" pending={cancel.isPending} pendingLabel="Cancelling…">
            Confirm cancellation
          </SubmitButton>
          <Button variant="secondary" onClick={() => setIsOpen(false)}>
            Keep the booking
          </Button>
        </div>
      </Form>
    </div>
  );
}
