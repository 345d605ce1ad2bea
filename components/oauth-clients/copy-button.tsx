"use client";
import { useState } from "react";
import { Button } from "../ui/button";

/** Copies `value`; when the browser blocks the clipboard it says so instead of failing silently. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [status, setStatus] = useState<"idle" | "copied" | "failed">("idle");

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setStatus("copied");
    } catch {
      setStatus("failed");
    }
  }

  return (
    <span className="inline-flex items-center gap-2">
      <Button variant="secondary" className="px-2.5 py-1 text-xs" onClick={copy}>
        {label}
      </Button>
      <span role="status" className="text-xs text-slate-600">
        {status === "copied" && "Copied"}
        {status === "failed" && "Copying is blocked: select the text and copy it by hand."}
      </span>
    </span>
  );
}
