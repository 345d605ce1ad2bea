"use client";
import { TextField } from "../form/fields";
import { Form, SubmitButton } from "../form/form";
import { useSignUp } from "./use-sign-up";

export function SignUpForm({ callbackUrl }: { callbackUrl: string }) {
  const { form, submit, isBusy } = useSignUp(callbackUrl);
  return (
    <Form form={form} onSubmit={submit}>
      <TextField name="name" label="Name (optional)" autoComplete="name" isOptional />
      <TextField name="email" label="E-mail" type="email" autoComplete="email" required />
      <TextField name="password" label="Password" type="password" autoComplete="new-password" required hint="Use a passphrase you do not use anywhere else." />
      <div className="[&>button]:w-full">
        <SubmitButton pending={isBusy} pendingLabel="Creating account…">
          Create account
        </SubmitButton>
      </div>
    </Form>
  );
}
