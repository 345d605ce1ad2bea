"use client";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { TextField } from "../ui/text-field";
import { useLogIn } from "./use-log-in";

export function LoginForm({ callbackUrl, initialError }: { callbackUrl: string; initialError: string | null }) {
  const { onSubmit, error, isPending, canSubmit } = useLogIn(callbackUrl, initialError);
  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      {error && <Alert>{error}</Alert>}
      <TextField name="email" label="E-mail" type="email" autoComplete="email" required />
      <TextField name="password" label="Password" type="password" autoComplete="current-password" required />
      <Button type="submit" className="w-full" disabled={!canSubmit}>
        {isPending ? "Logging in…" : "Log in"}
      </Button>
    </form>
  );
}
