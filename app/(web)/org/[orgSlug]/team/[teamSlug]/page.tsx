import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { EventTypeList } from "@/components/public-profile/event-type-list";
import { ProfileHeader } from "@/components/public-profile/profile-header";
import { TextLink } from "@/components/ui/text-link";
import { findOrganizationTeamProfile } from "@/server/booking-page/org-public-profile.service";

type Params = Promise<{ orgSlug: string; teamSlug: string }>;

const loadTeam = cache(findOrganizationTeamProfile);

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { orgSlug, teamSlug } = await params;
  const team = await loadTeam(orgSlug, teamSlug);
  return { title: team ? `${team.name} · ${team.organization.name}` : "Page not found" };
}

/** A team of an organization: its visible event types. Its slug means something only inside the organization. */
export default async function OrganizationTeamProfilePage({ params }: { params: Params }) {
  const { orgSlug, teamSlug } = await params;
  const team = await loadTeam(orgSlug, teamSlug);
  if (!team) notFound();
  return (
    <main className="mx-auto max-w-xl px-4 py-12 sm:px-6">
      <p className="mb-6 text-center text-sm">
        <TextLink href={`/org/${team.organization.slug}`}>{team.organization.name}</TextLink>
      </p>
      <ProfileHeader name={team.name} imageUrl={team.logoUrl} bio={team.bio} />
      <EventTypeList basePath={`/org/${team.organization.slug}/team/${team.slug}`} eventTypes={team.eventTypes} />
    </main>
  );
}
