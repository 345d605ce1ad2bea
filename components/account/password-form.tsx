"use client";
/** Change the password: the current one is required; other sessions end, and this browser signs in again. */
import { ZChangePasswordInput } from "@/server/auth/password-change.schemas";
import { signInWithPassword } from "../auth/sign-in";
import { TextField } from "../form/fields";
import { Form, SubmitButton, useZodForm } from "../form/form";
import { useFormMutation } from "../form/use-form-mutation";
import { useTRPC } from "../trpc/client";
import { toast } from "../ui/toast";

export function PasswordForm() {
  const trpc = useTRPC();
  const form = useZodForm(ZChangePasswordInput, { defaultValues: { currentPassword: "", newPassword: "" } });
  const change = useFormMutation(form, trpc.account.changePassword.mutationOptions(), {
    onSuccess: async ({ email }) => {
      const failure = await signInWithPassword(email, form.getValues("newPassword"));
      form.reset();
      if (failure) toast.error(`Password changed, but signing in again failed: ${failure}`);
      else toast.success("Password changed. Your other sessions were logged out.");
    },
  });
  return (
    <section aria-labelledby="password-heading" className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="password-heading" className="text-lg font-semibold">
        Change password
      </h2>
      <Form form={form} onSubmit={(body) => change.mutate({ body })} aria-labelledby="password-heading" className="mt-4 max-w-md space-y-4">
        <TextField name="currentPassword" label="Current password" type="password" autoComplete="current-password" />
        <TextField name="newPassword" label="New password" type="password" autoComplete="new-password" hint="At least 8 characters." />
        <SubmitButton pending={change.isPending}>Change password</SubmitButton>
      </Form>
    </section>
  );
}
