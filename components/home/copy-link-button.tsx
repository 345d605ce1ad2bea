"use client";
import { Button } from "../ui/button";
import { toast } from "../ui/toast";

/** Copies a public link; where the clipboard is refused, the toast shows the link to copy by hand. */
export function CopyLinkButton({ url, label }: { url: string; label: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success("Link copied");
    } catch {
      toast.error(`Could not copy; the link is ${url}`);
    }
  };
  return (
    <Button variant="secondary" onClick={() => void copy()} aria-label={label}>
      Copy link
    </Button>
  );
}
