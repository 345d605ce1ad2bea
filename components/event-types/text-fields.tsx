"use client";
/**
 * Two text inputs whose form value is not the text itself: an optional URL (empty → null, the schemas' "none") and
 * a comma-separated list (the length options, a question's choices). Their errors include an item's (`options.1`).
 */
import type { InputHTMLAttributes } from "react";
import { get, useFormContext } from "react-hook-form";
import { CONTROL_CLASSES, FieldFrame } from "../ui/field-frame";
import { useFieldId } from "../form/form-id";

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "name"> & { name: string; label: string; hint?: string };

function useErrorOf(name: string): string | undefined {
  const { formState } = useFormContext();
  const error = get(formState.errors, name) as { message?: string } | ({ message?: string } | undefined)[] | undefined;
  if (Array.isArray(error)) return error.find((item) => item?.message)?.message;
  return error?.message;
}

export function NullableTextField({ name, label, hint, className, ...input }: Props) {
  const { register } = useFormContext();
  const error = useErrorOf(name);
  const id = useFieldId(name);
  const registered = register(name, { setValueAs: (value: unknown) => (typeof value === "string" ? value.trim() || null : value) });
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} className={className}>
      {(aria) => <input id={id} {...aria} className={CONTROL_CLASSES} {...input} {...registered} />}
    </FieldFrame>
  );
}

export const splitList = (text: string) =>
  text
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);

/** The DOM shows "15, 30, 60"; the form holds ["15", "30", "60"], which the schemas read (lengths as whole minutes). */
export function ListTextField({ name, label, hint, className, ...input }: Props) {
  const { register, getValues } = useFormContext();
  const error = useErrorOf(name);
  const id = useFieldId(name);
  const initial = getValues(name) as unknown;
  const registered = register(name, { setValueAs: (value: unknown) => (typeof value === "string" ? splitList(value) : value) });
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} className={className}>
      {(aria) => (
        <input id={id} {...aria} className={CONTROL_CLASSES} defaultValue={Array.isArray(initial) ? initial.join(", ") : ""} {...input} {...registered} />
      )}
    </FieldFrame>
  );
}
