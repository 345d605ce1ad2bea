/** An organization's teams, by name: their pages come with the organizations' own URLs. */
export function TeamList({ teams }: { teams: { name: string; slug: string }[] }) {
  return (
    <section className="mt-8" aria-labelledby="teams-heading">
      <h2 id="teams-heading" className="text-lg font-semibold">
        Teams
      </h2>
      <ul className="mt-3 space-y-2">
        {teams.map((team) => (
          <li key={team.slug} className="rounded-lg border border-slate-200 bg-white p-4 break-words">
            {team.name}
          </li>
        ))}
      </ul>
    </section>
  );
}
