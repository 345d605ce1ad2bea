"use client";
/** Password log-in, shared by the site's log-in page and the onboarding account step. */
import { useState, type FormEvent } from "react";
import { useHydrated } from "../ui/use-hydrated";
import { continueTo, signInWithPassword } from "./sign-in";

export function useLogIn(returnTo: string, initialError: string | null = null) {
  const [error, setError] = useState(initialError);
  const [isPending, setIsPending] = useState(false);
  // Before hydration a submit would go out as a native GET, with the password in the URL.
  const isHydrated = useHydrated();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setIsPending(true);
    setError(null);
    const failure = await signInWithPassword(String(form.get("email")), String(form.get("password")));
    if (!failure) return continueTo(returnTo);
    setError(failure);
    setIsPending(false);
  }

  return { onSubmit, error, isPending, canSubmit: isHydrated && !isPending };
}
