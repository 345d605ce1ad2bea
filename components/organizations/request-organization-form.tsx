"use client";
/** /settings/organizations/new: ask for an organization; an instance admin accepts or rejects it, and mails the answer. */
import { useQuery } from "@tanstack/react-query";
import { ZRequestOrganizationInput } from "@/server/organizations/organization.schemas";
import { TextField } from "../form/fields";
import { Form, SubmitButton, useZodForm } from "../form/form";
import { useFormMutation } from "../form/use-form-mutation";
import { useTRPC } from "../trpc/client";
import { describeError } from "../trpc/errors";
import { Alert } from "../ui/alert";
import { TextLink } from "../ui/text-link";

const STATUS_TEXT = { PENDING: "waiting for review", ACCEPTED: "accepted", REJECTED: "rejected" } as const;

function MyRequests() {
  const trpc = useTRPC();
  const requests = useQuery(trpc.organizations.myRequests.queryOptions());
  if (requests.isPending) return <p className="text-sm text-slate-600">Loading your requests…</p>;
  if (requests.isError) return <Alert>{describeError(requests.error).message}</Alert>;
  if (requests.data.length === 0) return <p className="text-sm text-slate-600">You have not asked for an organization yet.</p>;
  return (
    <ul className="space-y-2 text-sm">
      {requests.data.map((request) => (
        <li key={request.id} data-testid="my-org-request" className="rounded-md border border-slate-200 bg-white p-3">
          <span className="font-medium">{request.name}</span> <span className="font-mono text-slate-600">{request.slug}</span> — {STATUS_TEXT[request.status]}
          {request.rejectionReason && <> (reason: {request.rejectionReason})</>}
          {request.organizationId && (
            <>
              {" "}
              · <TextLink href={`/settings/organizations/${request.organizationId}`}>Open it</TextLink>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

export function RequestOrganizationForm() {
  const trpc = useTRPC();
  const form = useZodForm(ZRequestOrganizationInput, { defaultValues: { name: "", slug: "" } });
  const request = useFormMutation(form, trpc.organizations.request.mutationOptions(), {
    success: "Request sent: an administrator will review it, and you will get an e-mail with the answer",
    invalidates: [trpc.organizations.myRequests.queryKey()],
    onSuccess: () => form.reset(),
  });
  return (
    <div className="space-y-8">
      <section aria-labelledby="request-org-heading" className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="request-org-heading" className="text-lg font-semibold">
          Ask for an organization
        </h2>
        <Form form={form} onSubmit={(values) => request.mutate(values)} aria-labelledby="request-org-heading" className="mt-4 space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField name="name" label="Organization name" maxLength={100} />
            <TextField name="slug" label="Slug" maxLength={64} hint="Lowercase letters, digits and hyphens" />
          </div>
          <SubmitButton pending={request.isPending}>Send request</SubmitButton>
        </Form>
      </section>
      <section aria-labelledby="my-org-requests-heading">
        <h2 id="my-org-requests-heading" className="mb-3 text-lg font-semibold">
          Your requests
        </h2>
        <MyRequests />
      </section>
    </div>
  );
}
