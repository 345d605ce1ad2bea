"use client";
/** Sets the new password (ending every other session) on the form kit, then signs this browser in with it. */
import { useState } from "react";
import { ZResetPasswordInput } from "@/server/auth/password-reset.schemas";
import { TextField } from "../form/fields";
import { Form, SubmitButton, useZodForm } from "../form/form";
import { useFormMutation } from "../form/use-form-mutation";
import { useTRPC } from "../trpc/client";
import { continueTo, signInWithPassword } from "./sign-in";

const ZNewPasswordForm = ZResetPasswordInput.pick({ password: true });

export function ResetPasswordForm({ token }: { token: string }) {
  const trpc = useTRPC();
  const [isSigningIn, setIsSigningIn] = useState(false);
  const form = useZodForm(ZNewPasswordForm, { defaultValues: { password: "" }, mode: "onSubmit" });
  const reset = useFormMutation(form, trpc.auth.resetPassword.mutationOptions(), {
    onSuccess: async ({ email }) => {
      setIsSigningIn(true);
      const signInFailure = await signInWithPassword(email, form.getValues("password"));
      if (!signInFailure) return continueTo("/");
      form.setError("root.server", { type: "server", message: `Your password was changed, but logging in failed: ${signInFailure}` });
      setIsSigningIn(false);
    },
  });
  return (
    <Form form={form} label="Choose a new password" onSubmit={({ password }) => reset.mutate({ token, password })}>
      <TextField
        name="password"
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="Use a passphrase you do not use anywhere else. Every device signed in to your account will be signed out."
      />
      <div className="[&>button]:w-full">
        <SubmitButton pending={reset.isPending || isSigningIn}>Set new password</SubmitButton>
      </div>
    </Form>
  );
}
