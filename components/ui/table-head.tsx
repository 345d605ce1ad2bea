/** The header row of a settings table: its column headings, then an "Actions" column named for screen readers only. */
export function TableHead({
  headings,
  cellClassName,
  className = "bg-slate-50 text-xs uppercase tracking-wide text-slate-600",
}: {
  headings: readonly string[];
  cellClassName: string;
  className?: string;
}) {
  return (
    <thead className={className}>
      <tr>
        {headings.map((heading) => (
          <th key={heading} scope="col" className={`${cellClassName} font-medium`}>
            {heading}
          </th>
        ))}
        <th scope="col" className={cellClassName}>
          <span className="sr-only">Actions</span>
        </th>
      </tr>
    </thead>
  );
}
