import type { ReactNode } from "react";
import { FOCUS_RING } from "./button";

/**
 * A box that scrolls sideways on its own when what it holds (a table, mostly) is wider than a phone. It is a named,
 * focusable region so that a keyboard user can reach it and scroll it with the arrow keys even when its content has
 * no link or button to focus (WCAG 2.1.1; axe's scrollable-region-focusable). `relative` keeps a table's visually
 * hidden labels (absolutely positioned) inside the box: without it they escape it and widen the page.
 */
export function ScrollRegion({ label, className = "", children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className={`relative overflow-x-auto ${FOCUS_RING} ${className}`}>
      {children}
    </div>
  );
}

/** A table's card: a ScrollRegion with the card's border and shadow. */
export function TableFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ScrollRegion label={label} className="rounded-lg border border-slate-200 bg-white shadow-sm">
      {children}
    </ScrollRegion>
  );
}
