import type { ReactNode } from "react";

/** One numbered step of a developer guide, with an anchor. */
export function GuideSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="mt-10">
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {title}
      </h2>
      <div className="mt-3 space-y-3 text-slate-700">{children}</div>
    </section>
  );
}

/** `tabIndex`: a block wider than the page scrolls, and a scrollable region must be reachable by keyboard. */
export function CodeBlock({ children }: { children: string }) {
  return (
    <pre tabIndex={0} className="overflow-x-auto rounded-md bg-slate-900 p-4 text-sm text-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600">
      {children}
    </pre>
  );
}
