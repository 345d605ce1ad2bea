import Link from "next/link";
import type { ComponentProps } from "react";
import { FOCUS_RING } from "./button";

export function TextLink({ className = "", ...props }: ComponentProps<typeof Link>) {
  return <Link className={`rounded-sm font-medium text-indigo-700 underline-offset-2 hover:underline ${FOCUS_RING} ${className}`} {...props} />;
}
