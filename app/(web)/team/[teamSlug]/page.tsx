import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { EventTypeList } from "@/components/public-profile/event-type-list";
import { ProfileHeader } from "@/components/public-profile/profile-header";
import { TeamList } from "@/components/public-profile/team-list";
import { findTeamProfile } from "@/server/booking-page/public-profile.service";

type Params = Promise<{ teamSlug: string }>;

const loadTeam = cache(findTeamProfile);

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const team = await loadTeam((await params).teamSlug);
  return { title: team ? team.name : "Page not found" };
}

export default async function TeamProfilePage({ params }: { params: Params }) {
  const team = await loadTeam((await params).teamSlug);
  if (!team) notFound();
  return (
    <main className="mx-auto max-w-xl px-4 py-12 sm:px-6">
      <ProfileHeader name={team.name} imageUrl={team.logoUrl} bio={team.bio} />
      {team.teams.length > 0 ? <TeamList teams={team.teams} /> : <EventTypeList basePath={`/team/${team.slug}`} eventTypes={team.eventTypes} />}
    </main>
  );
}
