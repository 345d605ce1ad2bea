import type { Metadata } from "next";
import { CreateTeamForm } from "@/components/teams/create-team-form";
import { TeamList } from "@/components/teams/team-list";
import { requireSessionUser } from "@/server/auth/session";

export const metadata: Metadata = { title: "Teams" };

export default async function TeamsPage() {
  await requireSessionUser("/settings/teams");
  return (
    <>
      <h1 className="text-2xl font-semibold">Teams</h1>
      <p className="mt-2 max-w-prose text-sm text-slate-600">
        A team shares event types among its members: visitors book them on the team&apos;s pages, with one member or all of them as hosts.
      </p>
      <div className="mt-8 space-y-8">
        <CreateTeamForm />
        <section aria-labelledby="your-teams-heading">
          <h2 id="your-teams-heading" className="mb-3 text-lg font-semibold">
            Your teams
          </h2>
          <TeamList />
        </section>
      </div>
    </>
  );
}
