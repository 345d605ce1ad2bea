"use client";

import { useEffect } from "react";

/**
 * One listener for every code block's Copy button on a docs page (`<button data-copy>` beside its `<pre>`): the
 * markdown pages are server-rendered HTML, so their buttons cannot carry React handlers of their own.
 */
export function CopyButtons() {
  useEffect(() => {
    const onClick = async (event: MouseEvent) => {
      const button = (event.target as HTMLElement | null)?.closest<HTMLButtonElement>("button[data-copy]");
      const code = button?.parentElement?.querySelector("pre");
      if (!button || !code) return;
      try {
        await navigator.clipboard.writeText(code.textContent ?? "");
        button.textContent = "Copied";
      } catch {
        button.textContent = "Copy failed: select the text";
      }
      window.setTimeout(() => (button.textContent = "Copy"), 2000);
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, []);
  return null;
}
