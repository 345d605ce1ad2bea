import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { ProfileHeader } from "@/components/public-profile/profile-header";
import { TeamList } from "@/components/public-profile/team-list";
import { findOrganizationProfile } from "@/server/booking-page/org-public-profile.service";

type Params = Promise<{ orgSlug: string }>;

const loadOrganization = cache(findOrganizationProfile);

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const organization = await loadOrganization((await params).orgSlug);
  return { title: organization ? organization.name : "Page not found" };
}

/** An organization's public page: its teams, each with its visible event types. */
export default async function OrganizationProfilePage({ params }: { params: Params }) {
  const organization = await loadOrganization((await params).orgSlug);
  if (!organization) notFound();
  return (
    <main className="mx-auto max-w-xl px-4 py-12 sm:px-6">
      <ProfileHeader name={organization.name} imageUrl={organization.logoUrl} bio={organization.bio} />
      <TeamList orgSlug={organization.slug} teams={organization.teams} />
    </main>
  );
}
