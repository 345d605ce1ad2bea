"use client";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { describeError } from "../trpc/errors";
import { Alert } from "../ui/alert";
import { TextLink } from "../ui/text-link";

export function TeamList() {
  const trpc = useTRPC();
  const teams = useQuery(trpc.teams.list.queryOptions());
  if (teams.isPending) return <p className="text-sm text-slate-600">Loading your teams…</p>;
  if (teams.isError) return <Alert>{describeError(teams.error).message}</Alert>;
  if (teams.data.length === 0) return <p className="text-sm text-slate-600">You are not in any team yet.</p>;
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white shadow-sm">
      {teams.data.map((team) => (
        <li key={team.id} className="flex items-center justify-between px-4 py-3 text-sm">
          <TextLink href={`/settings/teams/${team.id}`}>{team.name}</TextLink>
          <span className="font-mono text-slate-500">{team.slug}</span>
        </li>
      ))}
    </ul>
  );
}
