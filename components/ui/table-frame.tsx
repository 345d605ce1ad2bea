import type { ReactNode } from "react";

/**
 * A table's card that scrolls sideways on its own when the table is wider than a phone. `relative` keeps the table's
 * visually hidden labels (absolutely positioned) inside the scroll box: without it they escape it and widen the page.
 */
export function TableFrame({ children }: { children: ReactNode }) {
  return <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">{children}</div>;
}
