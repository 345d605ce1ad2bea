"use client";
/** The admins' queue of organization requests, reviewed as OAuth clients are: accept, or reject with a mailed reason. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ZReviewOrganizationRequestInput } from "@/server/organizations/organization.schemas";
import { isForbidden } from "../admin-oauth/types";
import { useTRPC } from "../trpc/client";
import { describeError, fieldErrorsOf } from "../trpc/errors";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { TextareaField } from "../ui/textarea-field";
import type { TOrganizationRequest } from "./types";

function RequestCard({ request }: { request: TOrganizationRequest }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.organizations.adminRequests.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.organizations.adminList.queryKey() }),
    ]);
  const review = useMutation(trpc.organizations.adminReview.mutationOptions({ meta: { showsError: true }, onSuccess: refresh }));
  const [isRejecting, setIsRejecting] = useState(false);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | undefined>();
  const headingId = `org-request-${request.id}`;

  function reject() {
    const input = { requestId: request.id, decision: "REJECT" as const, reason };
    const checked = ZReviewOrganizationRequestInput.safeParse(input);
    setReasonError(checked.success ? undefined : fieldErrorsOf(checked.error.issues).reason);
    if (checked.success) review.mutate(input, { onSuccess: () => setIsRejecting(false) });
  }

  return (
    <article aria-labelledby={headingId} className="space-y-3 rounded-lg border border-slate-200 bg-white p-6 shadow-sm" data-testid="org-request">
      <h3 id={headingId} className="font-semibold">
        {request.name} <span className="font-mono text-sm font-normal text-slate-600">{request.slug}</span>
      </h3>
      <p className="text-sm text-slate-600">
        Asked by {request.requestedBy.name} ({request.requestedBy.email}) · {request.status.toLowerCase()}
        {request.rejectionReason && <> · reason: {request.rejectionReason}</>}
      </p>
      {review.error && !isRejecting && <Alert>{describeError(review.error).message}</Alert>}
      {request.status === "PENDING" && (
        <div className="flex gap-2">
          <Button disabled={review.isPending} onClick={() => review.mutate({ requestId: request.id, decision: "ACCEPT" })}>
            Accept
          </Button>
          <Button variant="secondary" onClick={() => setIsRejecting(true)}>
            Reject
          </Button>
        </div>
      )}
      <ConfirmDialog
        isOpen={isRejecting}
        title={`Reject “${request.name}”?`}
        confirmLabel={review.isPending ? "Rejecting…" : "Reject request"}
        isPending={review.isPending}
        error={review.error ? describeError(review.error).message : null}
        onConfirm={reject}
        onClose={() => setIsRejecting(false)}
      >
        <TextareaField
          name="reason"
          id={`reject-org-reason-${request.id}`}
          label="Reason (sent to the requester)"
          required
          maxLength={1000}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={reasonError}
        />
      </ConfirmDialog>
    </article>
  );
}

export function OrganizationRequestQueue() {
  const trpc = useTRPC();
  const requests = useQuery(trpc.organizations.adminRequests.queryOptions());
  if (requests.isPending) return <p className="text-sm text-slate-600">Loading requests…</p>;
  if (requests.isError) {
    return (
      <Alert>{isForbidden(requests.error) ? "You need administrator rights to review organization requests." : describeError(requests.error).message}</Alert>
    );
  }
  const pending = requests.data.filter((request) => request.status === "PENDING");
  const reviewed = requests.data.filter((request) => request.status !== "PENDING");
  return (
    <div className="space-y-8">
      <section aria-labelledby="org-requests-pending" className="space-y-4">
        <h2 id="org-requests-pending" className="text-lg font-semibold">
          Requests waiting for review <span className="text-sm font-normal text-slate-500">({pending.length})</span>
        </h2>
        {pending.length === 0 ? <p className="text-sm text-slate-600">No request is waiting.</p> : pending.map((r) => <RequestCard key={r.id} request={r} />)}
      </section>
      {reviewed.length > 0 && (
        <section aria-labelledby="org-requests-reviewed" className="space-y-4">
          <h2 id="org-requests-reviewed" className="text-lg font-semibold">
            Reviewed requests
          </h2>
          {reviewed.map((r) => (
            <RequestCard key={r.id} request={r} />
          ))}
        </section>
      )}
    </div>
  );
}
