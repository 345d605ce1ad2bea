"use client";
/**
 * The form kit. A form is a schema, a mutation and fields:
 *
 *   const form = useZodForm(ZUpdateProfileInput, { defaultValues });
 *   const save = useFormMutation(form, trpc.account.updateProfile.mutationOptions(), { success: "Profile saved" });
 *   <Form form={form} onSubmit={(values) => save.mutate(values)} label="Profile">
 *     <TextField name="name" label="Name" />
 *     <SubmitButton pending={save.isPending}>Save</SubmitButton>
 *   </Form>
 *
 * The schema is the procedure's own `Z…` input, so the browser shows the server's messages before sending; what
 * only the server knows (a taken username) lands on its field through applyServerErrors, the summary above the
 * fields, and the result in a toast. Fields read their registration and error from the form's context.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { FormProvider, useForm, useFormState, type FieldValues, type UseFormProps, type UseFormReturn } from "react-hook-form";
import { useEffect, useId, useRef, type ReactNode } from "react";
import type { z } from "zod";
import { Alert } from "../ui/alert";
import { FormIdContext } from "./form-id";
import { SubmittedPathsContext, valuePaths } from "./field-error";
import { Button } from "../ui/button";
import { useHydrated } from "../ui/use-hydrated";

/** The schema's input type is the form's values; a transforming schema hands its output to onSubmit. */
export function useZodForm<TSchema extends z.ZodType<FieldValues, FieldValues>>(
  schema: TSchema,
  options: Omit<UseFormProps<z.input<TSchema>, unknown, z.output<TSchema>>, "resolver"> = {},
) {
  return useForm<z.input<TSchema>, unknown, z.output<TSchema>>({
    ...options,
    resolver: zodResolver(schema as never) as never,
    mode: options.mode ?? "onTouched",
  });
}

type FormProps<TInput extends FieldValues, TOutput> = {
  form: UseFormReturn<TInput, unknown, TOutput>;
  onSubmit: (values: TOutput) => void | Promise<void>;
  /** The form's accessible name (or pass aria-labelledby). */
  label?: string;
  "aria-labelledby"?: string;
  className?: string;
  /** Runs before the values are checked (tidying them: dropping blank rows, say). */
  beforeSubmit?: () => void;
  /** A summary for values the browser refused (the fields say what is wrong; this says to look at them). */
  invalidSummary?: string;
  /** How the summary shows; the onboarding steps draw it in their host's theme. Default: the site's Alert. */
  renderRootError?: (message: string) => ReactNode;
  children: ReactNode;
};

const siteAlert = (message: string) => <Alert>{message}</Alert>;

export function Form<TInput extends FieldValues, TOutput>({
  form,
  onSubmit,
  label,
  className = "space-y-4",
  renderRootError = siteAlert,
  beforeSubmit,
  invalidSummary,
  children,
  ...aria
}: FormProps<TInput, TOutput>) {
  // Subscribed here, not read off the host's formState: a summary set after the host's last render (a failure
  // awaited in onSubmit) must still show.
  const rootError = useFormState({ control: form.control }).errors.root?.server?.message;
  const formId = useId();
  const isHydrated = useHydrated();
  const submittedPaths = useRef<ReadonlySet<string>>(new Set());
  const summary = useRef<HTMLDivElement>(null);
  // A failed submit moves the focus to its summary, unless a field it names took the focus (the first invalid one):
  // either way the person hears what went wrong, instead of the focus dropping to the page's body.
  useEffect(() => {
    if (!rootError) return;
    const focused = document.activeElement;
    if (focused && focused !== document.body && focused.getAttribute("aria-invalid") === "true") return;
    summary.current?.focus();
  }, [rootError]);
  return (
    <FormProvider {...form}>
      <FormIdContext value={formId}>
        <SubmittedPathsContext value={submittedPaths}>
          <form
            noValidate
            aria-label={label}
            aria-labelledby={aria["aria-labelledby"]}
            onSubmit={(event) => {
              form.clearErrors("root");
              beforeSubmit?.();
              submittedPaths.current = valuePaths(form.getValues());
              const onInvalid = invalidSummary ? () => form.setError("root.server", { type: "client", message: invalidSummary }) : undefined;
              void form.handleSubmit(onSubmit, onInvalid)(event);
            }}
          >
            {/* Disabled until hydrated: letters typed into the server's HTML are dropped when the form takes over
              its fields, so the fields accept input only once they are the form's. */}
            <fieldset role="presentation" disabled={!isHydrated} className={`m-0 min-w-0 border-0 p-0 ${className}`}>
              {rootError && (
                <div ref={summary} tabIndex={-1} className="outline-none">
                  {renderRootError(rootError)}
                </div>
              )}
              {children}
            </fieldset>
          </form>
        </SubmittedPathsContext>
      </FormIdContext>
    </FormProvider>
  );
}

/**
 * Disabled until hydrated (a form submitted before would go out as a native GET, values in the URL) and while the
 * mutation runs.
 */
export function SubmitButton({
  pending,
  pendingLabel,
  children,
  variant,
}: {
  pending?: boolean;
  pendingLabel?: string;
  children: ReactNode;
  variant?: "primary" | "danger";
}) {
  const isHydrated = useHydrated();
  return (
    <Button type="submit" variant={variant} disabled={pending || !isHydrated}>
      {pending ? (pendingLabel ?? "Saving…") : children}
    </Button>
  );
}
