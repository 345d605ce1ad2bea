import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { EventTypeList } from "@/components/public-profile/event-type-list";
import { ProfileHeader } from "@/components/public-profile/profile-header";
import { findUserProfile } from "@/server/booking-page/public-profile.service";

type Params = Promise<{ username: string }>;

const loadProfile = cache(findUserProfile);

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const profile = await loadProfile((await params).username);
  return { title: profile ? `Book time with ${profile.name}` : "Page not found" };
}

export default async function UserProfilePage({ params }: { params: Params }) {
  const profile = await loadProfile((await params).username);
  if (!profile) notFound();
  return (
    <main className="mx-auto max-w-xl px-4 py-12 sm:px-6">
      <ProfileHeader name={profile.name} imageUrl={profile.avatarUrl} bio={profile.bio} />
      <EventTypeList basePath={`/${profile.username}`} eventTypes={profile.eventTypes} />
    </main>
  );
}
