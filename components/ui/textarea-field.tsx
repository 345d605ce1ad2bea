import type { TextareaHTMLAttributes } from "react";
import { CONTROL_CLASSES, FieldFrame } from "./field-frame";

type Props = TextareaHTMLAttributes<HTMLTextAreaElement> & { name: string; label: string; error?: string; hint?: string };

/** The multi-line sibling of TextField. */
export function TextareaField({ name, label, error, hint, id = `field-${name}`, className = "", ...textarea }: Props) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} className={className}>
      {(aria) => <textarea id={id} name={name} rows={3} {...aria} className={CONTROL_CLASSES} {...textarea} />}
    </FieldFrame>
  );
}
