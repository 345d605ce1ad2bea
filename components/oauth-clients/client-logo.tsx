/** Third-party logos are arbitrary URLs, not assets next/image could optimise; a blank tile stands in when there is none. */
export function ClientLogo({ name, logoUrl }: { name: string; logoUrl: string | null }) {
  if (!logoUrl) {
    return (
      <span aria-hidden className="flex h-10 w-10 shrink-0 items-center justify-center rounded bg-slate-100 text-sm font-semibold text-slate-500">
        {name.slice(0, 1).toUpperCase()}
      </span>
    );
  }
  // eslint-disable-next-line @next/next/no-img-element -- see the comment above
  return <img src={logoUrl} alt={`${name} logo`} width={40} height={40} className="h-10 w-10 shrink-0 rounded object-cover" />;
}
