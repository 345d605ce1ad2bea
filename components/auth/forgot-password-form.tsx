"use client";
/** Asks for a reset link, on the form kit with the procedure's own schema; the answer reads the same whether or not the address has an account. */
import { ZForgotPasswordInput } from "@/server/auth/password-reset.schemas";
import { TextField } from "../form/fields";
import { Form, SubmitButton, useZodForm } from "../form/form";
import { useFormMutation } from "../form/use-form-mutation";
import { useTRPC } from "../trpc/client";
import { Alert } from "../ui/alert";

export function ForgotPasswordForm() {
  const trpc = useTRPC();
  const form = useZodForm(ZForgotPasswordInput, { defaultValues: { email: "" }, mode: "onSubmit" });
  const request = useFormMutation(form, trpc.auth.requestPasswordReset.mutationOptions());
  if (request.data) return <Alert tone="info">{request.data.message}</Alert>;
  return (
    <Form form={form} label="Reset your password" onSubmit={(input) => request.mutate(input)}>
      <TextField name="email" label="E-mail" type="email" autoComplete="email" />
      <div className="[&>button]:w-full">
        <SubmitButton pending={request.isPending} pendingLabel="Sending…">
          Send me a reset link
        </SubmitButton>
      </div>
    </Form>
  );
}
