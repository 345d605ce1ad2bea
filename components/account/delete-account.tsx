"use client";
/** Delete the account, after saying what happens to bookings (server/users/account-deletion.service.ts). */
import { ZDeleteAccountInput } from "@/server/users/account-deletion.schemas";
import { continueTo } from "../auth/sign-in";
import { TextField } from "../form/fields";
import { Form, SubmitButton, useZodForm } from "../form/form";
import { useFormMutation } from "../form/use-form-mutation";
import { useTRPC } from "../trpc/client";

export function DeleteAccount({ hasPassword }: { hasPassword: boolean }) {
  const trpc = useTRPC();
  const form = useZodForm(ZDeleteAccountInput, { defaultValues: { username: "", password: hasPassword ? "" : undefined } });
  const remove = useFormMutation(form, trpc.account.deleteAccount.mutationOptions(), {
    onSuccess: () => continueTo("/?account=deleted"),
  });
  return (
    <section aria-labelledby="delete-heading" className="rounded-lg border border-red-200 bg-white p-6 shadow-sm">
      <h2 id="delete-heading" className="text-lg font-semibold text-red-800">
        Delete account
      </h2>
      <div className="mt-2 space-y-2 text-sm text-slate-700">
        <p>Deleting your account cannot be undone. When you delete it:</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>Every upcoming booking you host is cancelled, and its attendees get a cancellation e-mail.</li>
          <li>Past bookings stay with their attendees, without you as host.</li>
          <li>Your event types, schedules, out-of-office entries, API keys, OAuth clients, webhooks, connected calendars and team memberships are deleted.</li>
          <li>If you are the only owner of a team with other members, make someone else an owner first.</li>
        </ul>
      </div>
      <Form form={form} onSubmit={(body) => remove.mutate({ body })} aria-labelledby="delete-heading" className="mt-4 max-w-md space-y-4">
        <TextField name="username" label="Type your username to confirm" autoComplete="off" />
        {hasPassword && <TextField name="password" label="Your password" type="password" autoComplete="current-password" />}
        <SubmitButton pending={remove.isPending} pendingLabel="Deleting…" variant="danger">
          Delete my account
        </SubmitButton>
      </Form>
    </section>
  );
}
