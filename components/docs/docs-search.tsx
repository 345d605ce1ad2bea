"use client";

import { useId, useMemo, useState } from "react";

export type TSearchEntry = { title: string; href: string; section: string; text: string };

/**
 * Search over the guides' sections and the API's operations (`/docs/search-index.json`, fetched on first focus so
 * no page carries the index). Every word typed must appear in an entry; matches in a title rank first, then in the
 * section's name, then in its text; the first 20 are listed as links.
 */
export function DocsSearch() {
  const [entries, setEntries] = useState<TSearchEntry[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [query, setQuery] = useState("");
  const id = useId();

  const load = () => {
    if (entries || failed) return;
    fetch("/docs/search-index.json")
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(String(response.status)))))
      .then((data: TSearchEntry[]) => setEntries(data))
      .catch(() => setFailed(true));
  };

  const matches = useMemo(() => {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    if (!entries || words.length === 0) return [];
    const score = (entry: TSearchEntry) => {
      const [title, section, text] = [entry.title, entry.section, entry.text].map((part) => part.toLowerCase());
      return words.reduce((sum, word) => sum + (title!.includes(word) ? 100 : section!.includes(word) ? 10 : text!.includes(word) ? 1 : -10_000), 0);
    };
    return entries
      .map((entry) => ({ entry, score: score(entry) }))
      .filter(({ score }) => score > 0)
      .sort((a, b) => b.score - a.score)
      .slice(0, 20)
      .map(({ entry }) => entry);
  }, [entries, query]);

  return (
    <div role="search" className="relative w-full max-w-md">
      <label htmlFor={`${id}-input`} className="sr-only">
        Search the docs
      </label>
      <input
        id={`${id}-input`}
        type="search"
        placeholder="Search the docs and the API (e.g. webhook signature)"
        value={query}
        onFocus={load}
        onChange={(event) => (load(), setQuery(event.target.value))}
        aria-describedby={`${id}-status`}
        className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
      />
      <p id={`${id}-status`} className="sr-only" aria-live="polite">
        {failed ? "The search index could not be loaded; the pages are listed in the navigation." : query ? `${matches.length} results` : ""}
      </p>
      {query && (
        <div className="absolute z-10 mt-1 max-h-96 w-full overflow-auto rounded-md border border-slate-200 bg-white shadow-lg">
          {failed ? (
            <p className="p-3 text-sm text-red-700">The search index could not be loaded. The pages are listed in the navigation.</p>
          ) : matches.length === 0 ? (
            <p className="p-3 text-sm text-slate-700">{entries ? "Nothing matches every word." : "Loading…"}</p>
          ) : (
            <ul aria-label="Search results">
              {matches.map((entry) => (
                <li key={entry.href}>
                  <a
                    href={entry.href}
                    className="block px-3 py-2 text-sm hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
                  >
                    <span className="font-medium text-slate-900">{entry.title}</span>
                    <span className="block text-xs text-slate-700">{entry.section}</span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
