import type { InputHTMLAttributes } from "react";
import { CONTROL_CLASSES, FieldFrame } from "./field-frame";

type Props = InputHTMLAttributes<HTMLInputElement> & { name: string; label: string; error?: string; hint?: string };

/** A labelled input whose error and hint are announced with it. */
export function TextField({ name, label, error, hint, id = `field-${name}`, className = "", ...input }: Props) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} className={className}>
      {(aria) => <input id={id} name={name} {...aria} className={CONTROL_CLASSES} {...input} />}
    </FieldFrame>
  );
}
