"use client";
/** Password log-in on the form kit, shared by the site's log-in page and the onboarding account step. */
import { useState } from "react";
import type { FieldErrors } from "react-hook-form";
import { z } from "zod";
import { useZodForm } from "../form/form";
import { continueTo, signInWithPassword } from "./sign-in";

/**
 * Only "something was typed": the password rules are sign-up's; a log-in must not tell which part was wrong, so the
 * credentials check answers for both (E-mail or password is incorrect).
 */
export const ZLogInForm = z.object({
  email: z.string().trim().min(1, "Enter your e-mail address"),
  password: z.string().min(1, "Enter your password"),
});
type TLogInForm = z.input<typeof ZLogInForm>;

export function useLogIn(returnTo: string, { initialError = null, email = "" }: { initialError?: string | null; email?: string } = {}) {
  // The log-in page's ?error= (a refused external sign-in) shows as the form's summary from the first paint.
  const [errors] = useState<FieldErrors<TLogInForm> | undefined>(() =>
    initialError ? { root: { server: { type: "server", message: initialError } } } : undefined,
  );
  const form = useZodForm(ZLogInForm, { defaultValues: { email, password: "" }, errors, mode: "onSubmit" });
  const [isPending, setIsPending] = useState(false);

  async function logIn({ email, password }: z.output<typeof ZLogInForm>) {
    setIsPending(true);
    const failure = await signInWithPassword(email, password);
    if (!failure) return continueTo(returnTo);
    form.setError("root.server", { type: "server", message: failure });
    setIsPending(false);
  }

  return { form, logIn, isPending };
}
