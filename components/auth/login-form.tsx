"use client";
import { TextField } from "../form/fields";
import { Form, SubmitButton } from "../form/form";
import { useLogIn } from "./use-log-in";

export function LoginForm({ callbackUrl, initialError }: { callbackUrl: string; initialError: string | null }) {
  const { form, logIn, isPending } = useLogIn(callbackUrl, { initialError });
  return (
    <Form form={form} onSubmit={logIn}>
      <TextField name="email" label="E-mail" type="email" autoComplete="email" required />
      <TextField name="password" label="Password" type="password" autoComplete="current-password" required />
      <div className="[&>button]:w-full">
        <SubmitButton pending={isPending} pendingLabel="Logging in…">
          Log in
        </SubmitButton>
      </div>
    </Form>
  );
}
