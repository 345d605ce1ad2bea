"use client";
/** The e-mail address changes only once the new address confirms through the link mailed to it. */
import { useQuery } from "@tanstack/react-query";
import { ZRequestEmailChangeInput } from "@/server/me/email-change.schemas";
import { TextField } from "../form/fields";
import { Form, SubmitButton, useZodForm } from "../form/form";
import { useFormMutation } from "../form/use-form-mutation";
import { useTRPC } from "../trpc/client";
import { Alert } from "../ui/alert";
import { formatInZone } from "@/server/time/zoned-dates";

export function EmailForm({ email, timeZone }: { email: string; timeZone: string }) {
  const trpc = useTRPC();
  const pending = useQuery(trpc.account.pendingEmailChange.queryOptions());
  const form = useZodForm(ZRequestEmailChangeInput, { defaultValues: { email: "" } });
  const request = useFormMutation(form, trpc.account.requestEmailChange.mutationOptions(), {
    success: (result) => `Confirmation link sent to ${result.pendingEmail}`,
    invalidates: [trpc.account.pendingEmailChange.queryKey()],
    onSuccess: () => form.reset(),
  });
  return (
    <section aria-labelledby="email-heading" className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="email-heading" className="text-lg font-semibold">
        E-mail address
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        You log in with <span className="font-medium text-slate-900">{email}</span>. A new address takes effect once you open the link we mail to it.
      </p>
      {pending.data && (
        <div className="mt-4">
          <Alert tone="info">
            Waiting for confirmation of {pending.data.pendingEmail}: open the link in the mail we sent there (valid until{" "}
            {formatInZone(pending.data.expiresAt, timeZone)}).
          </Alert>
        </div>
      )}
      <Form form={form} onSubmit={(body) => request.mutate({ body })} aria-labelledby="email-heading" className="mt-4 space-y-4">
        <TextField name="email" label="New e-mail address" type="email" autoComplete="email" />
        <SubmitButton pending={request.isPending} pendingLabel="Sending…">
          Send confirmation link
        </SubmitButton>
      </Form>
    </section>
  );
}
