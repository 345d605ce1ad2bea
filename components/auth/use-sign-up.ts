"use client";
/**
 * Sign-up then sign-in, shared by the site's sign-up page and the onboarding account step: one place
 * that creates the account, reports field errors from the server's schema, and logs the new user in.
 */
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { isIanaTimeZone } from "@/server/time/time-zones";
import { useTRPC } from "../trpc/client";
import { useHydrated } from "../ui/use-hydrated";
import { describeError, type FieldErrors } from "../trpc/errors";
import { continueTo, signInWithPassword } from "./sign-in";

/** The browser's zone as the account's default, when the server will accept it. */
function browserTimeZone(): string | undefined {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isIanaTimeZone(zone) ? zone : undefined;
}

/** `onFailure` hears about a sign-up the server refused (the embed reports it to its host page). */
export function useSignUp(returnTo: string, onFailure?: (failure: unknown, message: string) => void) {
  const trpc = useTRPC();
  const signUp = useMutation(trpc.auth.signUp.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<FieldErrors>({});
  const [isSigningIn, setIsSigningIn] = useState(false);
  // Before hydration a submit would go out as a native GET, with the password in the URL.
  const isHydrated = useHydrated();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email"));
    const password = String(form.get("password"));
    const name = String(form.get("name")).trim() || undefined;
    setError(null);
    setFields({});
    try {
      await signUp.mutateAsync({ email, password, name, timeZone: browserTimeZone() });
    } catch (failure) {
      const described = describeError(failure);
      setError(described.message);
      setFields(described.fields);
      onFailure?.(failure, described.message);
      return;
    }
    setIsSigningIn(true);
    const signInFailure = await signInWithPassword(email, password);
    if (!signInFailure) return continueTo(returnTo);
    setError(`Your account was created, but logging in failed: ${signInFailure}`);
    setIsSigningIn(false);
  }

  const isBusy = signUp.isPending || isSigningIn;
  return { onSubmit, error, fields, isBusy, canSubmit: isHydrated && !isBusy };
}
