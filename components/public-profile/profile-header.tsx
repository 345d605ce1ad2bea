/** The top of a public page: picture (or initial), name and bio. */
export function ProfileHeader({ name, imageUrl, bio }: { name: string; imageUrl: string | null; bio: string | null }) {
  return (
    <header className="flex flex-col items-center text-center">
      {imageUrl ? (
        // eslint-disable-next-line @next/next/no-img-element -- a user's own URL on any host: next/image would need each host allowed
        <img src={imageUrl} alt="" width={80} height={80} className="h-20 w-20 rounded-full object-cover" />
      ) : (
        <span aria-hidden="true" className="flex h-20 w-20 items-center justify-center rounded-full bg-indigo-100 text-2xl font-semibold text-indigo-800">
          {name.trim().charAt(0).toUpperCase() || "?"}
        </span>
      )}
      <h1 className="mt-4 text-2xl font-semibold [overflow-wrap:anywhere]">{name}</h1>
      {bio && <p className="mt-2 max-w-prose break-words whitespace-pre-line text-slate-700">{bio}</p>}
    </header>
  );
}
