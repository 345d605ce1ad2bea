"use client";
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTRPC } from "../trpc/client";
import { describeError, type FieldErrors } from "../trpc/errors";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { TextField } from "../ui/text-field";
import { useHydrated } from "../ui/use-hydrated";

/** Asks for a reset link; the answer reads the same whether or not the address has an account. */
export function ForgotPasswordForm() {
  const trpc = useTRPC();
  const request = useMutation(trpc.auth.requestPasswordReset.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<FieldErrors>({});
  const isHydrated = useHydrated();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setFields({});
    try {
      await request.mutateAsync({ email: String(new FormData(event.currentTarget).get("email")) });
    } catch (failure) {
      const described = describeError(failure);
      setError(described.message);
      setFields(described.fields);
    }
  }

  if (request.data) return <Alert tone="info">{request.data.message}</Alert>;
  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      {error && <Alert>{error}</Alert>}
      <TextField name="email" label="E-mail" type="email" autoComplete="email" required error={fields.email} />
      <Button type="submit" className="w-full" disabled={!isHydrated || request.isPending}>
        {request.isPending ? "Sending…" : "Send me a reset link"}
      </Button>
    </form>
  );
}
