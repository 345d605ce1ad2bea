"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { RadioGroupField } from "../form/choice-fields";
import { TextareaField } from "../form/fields";
import { Form, SubmitButton } from "../form/form";
import { applyServerErrors } from "../form/server-errors";
import { useTRPC } from "../trpc/client";
import { Button } from "../ui/button";
import { useHydrated } from "../ui/use-hydrated";
import type { TManagedBookingView } from "./types";

type Props = { uid: string; token: string; isInitiallyOpen: boolean; series: TManagedBookingView["series"] };

type TValues = { cancellationReason: string; which: "this" | "later" };

/**
 * Cancel with an optional reason; the page then reloads from the server and says the booking is cancelled. An
 * occurrence of a series with live occurrences after it offers those too (cancelSubsequentBookings).
 */
export function CancelBookingForm({ uid, token, isInitiallyOpen, series }: Props) {
  const trpc = useTRPC();
  const router = useRouter();
  const cancel = useMutation(trpc.bookingManage.cancel.mutationOptions({ meta: { showsError: true } }));
  const form = useForm<TValues>({ mode: "onTouched", defaultValues: { cancellationReason: "", which: "this" } });
  const what = series ? "this occurrence" : "this booking";
  const laterCount = series?.laterLiveCount ?? 0;
  const [isOpen, setIsOpen] = useState(isInitiallyOpen);
  const isHydrated = useHydrated();

  async function submit({ cancellationReason, which }: TValues) {
    try {
      await cancel.mutateAsync({
        uid,
        token,
        ...(cancellationReason.trim() ? { cancellationReason } : {}),
        ...(laterCount > 0 && which === "later" ? { cancelSubsequentBookings: true } : {}),
      });
      router.refresh();
    } catch (failure) {
      applyServerErrors(form, failure);
    }
  }

  if (!isOpen)
    return (
      <Button variant="secondary" onClick={() => setIsOpen(true)} disabled={!isHydrated}>
        Cancel {what}
      </Button>
    );
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <Form form={form} onSubmit={submit} aria-labelledby="cancel-heading" className="space-y-3">
        <h2 id="cancel-heading" className="text-base font-semibold">
          Cancel {what}
        </h2>
        {laterCount > 0 && (
          <RadioGroupField
            name="which"
            legend="Which occurrences"
            options={[
              { value: "this", label: "This occurrence only" },
              { value: "later", label: `This and all later occurrences (${laterCount + 1} in all)` },
            ]}
          />
        )}
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
