"use client";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { TextField } from "../ui/text-field";
import { useSignUp } from "./use-sign-up";

export function SignUpForm({ callbackUrl }: { callbackUrl: string }) {
  const { onSubmit, error, fields, isBusy, canSubmit } = useSignUp(callbackUrl);
  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      {error && <Alert>{error}</Alert>}
      <TextField name="name" label="Name (optional)" autoComplete="name" error={fields.name} />
      <TextField name="email" label="E-mail" type="email" autoComplete="email" required error={fields.email} />
      <TextField
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        error={fields.password}
        hint="Use a passphrase you do not use anywhere else."
      />
      <Button type="submit" className="w-full" disabled={!canSubmit}>
        {isBusy ? "Creating account…" : "Create account"}
      </Button>
    </form>
  );
}
