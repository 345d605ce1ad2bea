"use client";
/**
 * A whole number in a form, where an empty input means "not set" (undefined), not NaN: limits and options that are
 * optional. `emptyAs` gives another value for empty (null for "use the default").
 */
import type { InputHTMLAttributes } from "react";
import { get, useFormContext } from "react-hook-form";
import { CONTROL_CLASSES, FieldFrame } from "../ui/field-frame";

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "name"> & { name: string; label: string; hint?: string; emptyAs?: null | undefined | 0 };

export function NumberField({ name, label, hint, className, emptyAs, ...input }: Props) {
  const { register, formState } = useFormContext();
  const error = (get(formState.errors, name) as { message?: string } | undefined)?.message;
  const id = `field-${name.replaceAll(".", "-")}`;
  const registered = register(name, { setValueAs: (value: unknown) => (value === "" || value === null || value === undefined ? emptyAs : Number(value)) });
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} className={className}>
      {(aria) => <input id={id} type="number" inputMode="numeric" min={0} step={1} {...aria} className={CONTROL_CLASSES} {...input} {...registered} />}
    </FieldFrame>
  );
}
