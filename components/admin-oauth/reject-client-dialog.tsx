"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ZReviewInput } from "@/server/oauth/oauth-client.schemas";
import { TextareaField } from "../ui/textarea-field";
import { useTRPC } from "../trpc/client";
import { describeError, fieldErrorsOf } from "../trpc/errors";
import { ConfirmDialog } from "../ui/confirm-dialog";
import type { TReviewClient } from "./types";

type Props = { client: TReviewClient; isOpen: boolean; onClose: () => void };

/** A rejection always carries a reason: it is mailed to the owner so they know what to fix. */
export function RejectClientDialog({ client, isOpen, onClose }: Props) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | undefined>();
  const reject = useMutation(
    trpc.oauthReview.review.mutationOptions({
      meta: { showsError: true },
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.oauthReview.list.queryKey() });
        close();
      },
    }),
  );

  function close() {
    reject.reset();
    setReason("");
    setReasonError(undefined);
    onClose();
  }

  function confirm() {
    const input = { clientId: client.id, decision: "REJECT" as const, reason };
    const checked = ZReviewInput.safeParse(input);
    setReasonError(checked.success ? undefined : fieldErrorsOf(checked.error.issues).reason);
    if (checked.success) reject.mutate(input);
  }

  return (
    <ConfirmDialog
      isOpen={isOpen}
      title={`Reject “${client.name}”?`}
      confirmLabel={reject.isPending ? "Rejecting…" : "Reject client"}
      isPending={reject.isPending}
      error={reject.error ? describeError(reject.error).message : null}
      onConfirm={confirm}
      onClose={close}
    >
      <TextareaField
        name="reason"
        id={`reject-reason-${client.id}`}
        label="Reason (sent to the owner)"
        required
        maxLength={1000}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={reasonError}
      />
    </ConfirmDialog>
  );
}
