"use client";

/**
 * What a page shows when it could not be rendered: most often the database was briefly out of reach (a restart, an
 * outage), so the person is told that, offered to try again, and given the reference an operator can find in the log.
 */
import { useEffect, useRef } from "react";
import { TextLink } from "@/components/ui/text-link";

export default function PageError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <main className="mx-auto max-w-xl px-6 py-16">
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-semibold outline-none">
        This page could not be loaded
      </h1>
      <p className="mt-3 text-slate-600 dark:text-slate-300">
        Convene could not reach its data just now, usually for a few seconds while it restarts. Nothing you saved before was lost. Please try again in a moment.
      </p>
      {error.digest ? <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">If it keeps happening, quote reference {error.digest}.</p> : null}
      <div className="mt-6 flex flex-wrap items-center gap-4">
        <button
          type="button"
          onClick={reset}
          className="rounded-md bg-indigo-700 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700"
        >
          Try again
        </button>
        <TextLink href="/">Go to Convene</TextLink>
      </div>
    </main>
  );
}
