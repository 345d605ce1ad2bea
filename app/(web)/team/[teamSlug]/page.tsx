import type { Metadata } from "next";
import { notFound, permanentRedirect } from "next/navigation";
import { cache } from "react";
import { EventTypeList } from "@/components/public-profile/event-type-list";
import { ProfileHeader } from "@/components/public-profile/profile-header";
import { isOrganizationSlug } from "@/server/booking-page/org-public-profile.service";
import { findTeamProfile } from "@/server/booking-page/public-profile.service";

type Params = Promise<{ teamSlug: string }>;

const loadTeam = cache(findTeamProfile);

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const team = await loadTeam((await params).teamSlug);
  return { title: team ? team.name : "Page not found" };
}

/** A top-level team's page. An organization's slug lives in the same namespace: its page is /org/{orgSlug}. */
export default async function TeamProfilePage({ params }: { params: Params }) {
  const { teamSlug } = await params;
  const team = await loadTeam(teamSlug);
  if (!team && (await isOrganizationSlug(teamSlug))) permanentRedirect(`/org/${encodeURIComponent(teamSlug.toLowerCase())}`);
  if (!team) notFound();
  return (
    <main className="mx-auto max-w-xl px-4 py-12 sm:px-6">
      <ProfileHeader name={team.name} imageUrl={team.logoUrl} bio={team.bio} />
      <EventTypeList basePath={`/team/${team.slug}`} eventTypes={team.eventTypes} />
    </main>
  );
}
