import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ProfilePageView } from "@/components/profile-page/profile-page-view";
import { findProfilePage } from "@/server/booking-page/profile-page.service";

type Props = { params: Promise<{ username: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const profile = await findProfilePage((await params).username);
  return { title: profile?.name ?? "Not found" };
}

export default async function ProfilePage({ params }: Props) {
  const profile = await findProfilePage((await params).username);
  if (!profile) notFound();
  return <ProfilePageView profile={profile} />;
}
