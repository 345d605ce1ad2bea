"use client";
/**
 * Sign-up then sign-in on the form kit, shared by the site's sign-up page and the onboarding account step: the
 * procedure's own schema checks the fields in the browser, the server's field errors land on them, and the new user
 * is logged in.
 */
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import type { z } from "zod";
import { ZSignUpInput } from "@/server/users/user.schemas";
import { isIanaTimeZone } from "@/server/time/time-zones";
import { useZodForm } from "../form/form";
import { applyServerErrors } from "../form/server-errors";
import { useTRPC } from "../trpc/client";
import { continueTo, signInWithPassword } from "./sign-in";

/** The fields a person types; the time zone is the browser's. */
export const ZSignUpForm = ZSignUpInput.pick({ name: true, email: true, password: true });

/** The browser's zone as the account's default, when the server will accept it. */
function browserTimeZone(): string | undefined {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isIanaTimeZone(zone) ? zone : undefined;
}

type Options = {
  /** Values the app passed (the embed's `user`). */
  prefill?: { name?: string; email?: string };
  /** Hears about a sign-up the server refused (the embed reports it to its host page). */
  onFailure?: (failure: unknown, message: string) => void;
};

export function useSignUp(returnTo: string, { prefill = {}, onFailure }: Options = {}) {
  const trpc = useTRPC();
  const form = useZodForm(ZSignUpForm, {
    // An empty optional name is absent (the field's isOptional), so an unset prefill starts absent too.
    defaultValues: { name: prefill.name || undefined, email: prefill.email ?? "", password: "" },
    mode: "onSubmit",
  });
  const signUp = useMutation(trpc.auth.signUp.mutationOptions({ meta: { showsError: true } }));
  const [isSigningIn, setIsSigningIn] = useState(false);

  async function submit(values: z.output<typeof ZSignUpForm>) {
    try {
      await signUp.mutateAsync({ ...values, timeZone: browserTimeZone() });
    } catch (failure) {
      const message = applyServerErrors(form, failure);
      onFailure?.(failure, message);
      return;
    }
    setIsSigningIn(true);
    const signInFailure = await signInWithPassword(values.email, values.password);
    if (!signInFailure) return continueTo(returnTo);
    form.setError("root.server", { type: "server", message: `Your account was created, but logging in failed: ${signInFailure}` });
    setIsSigningIn(false);
  }

  return { form, submit, isBusy: signUp.isPending || isSigningIn };
}
