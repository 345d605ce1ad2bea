"use client";
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTRPC } from "../trpc/client";
import { describeError, type FieldErrors } from "../trpc/errors";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { TextField } from "../ui/text-field";
import { useHydrated } from "../ui/use-hydrated";
import { continueTo, signInWithPassword } from "./sign-in";

/** Sets the new password (ending every other session), then signs this browser in with it. */
export function ResetPasswordForm({ token }: { token: string }) {
  const trpc = useTRPC();
  const reset = useMutation(trpc.auth.resetPassword.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<FieldErrors>({});
  const [isSigningIn, setIsSigningIn] = useState(false);
  const isHydrated = useHydrated();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get("password"));
    setError(null);
    setFields({});
    let email: string;
    try {
      ({ email } = await reset.mutateAsync({ token, password }));
    } catch (failure) {
      const described = describeError(failure);
      setError(described.message);
      setFields(described.fields);
      return;
    }
    setIsSigningIn(true);
    const signInFailure = await signInWithPassword(email, password);
    if (!signInFailure) return continueTo("/");
    setError(`Your password was changed, but logging in failed: ${signInFailure}`);
    setIsSigningIn(false);
  }

  const isBusy = reset.isPending || isSigningIn;
  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      {error && <Alert>{error}</Alert>}
      <TextField
        name="password"
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        error={fields.password}
        hint="Use a passphrase you do not use anywhere else. Every device signed in to your account will be signed out."
      />
      <Button type="submit" className="w-full" disabled={!isHydrated || isBusy}>
        {isBusy ? "Saving…" : "Set new password"}
      </Button>
    </form>
  );
}
