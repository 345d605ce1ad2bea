import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { TextLink } from "@/components/ui/text-link";
import { sessionActor } from "@/server/auth/actor";
import { requireSessionUser } from "@/server/auth/session";
import { myOrganization } from "@/server/organizations/organization.service";

export const metadata: Metadata = { title: "Organization" };

/** A user belongs to one organization at most: theirs opens directly; without one, the way to ask for one. */
export default async function OrganizationsPage() {
  const user = await requireSessionUser("/settings/organizations");
  const org = await myOrganization(sessionActor(user.id));
  if (org) redirect(`/settings/organizations/${org.id}`);
  return (
    <>
      <h1 className="text-2xl font-semibold">Organization</h1>
      <p className="mt-2 max-w-prose text-sm text-slate-600">
        An organization gathers teams and their members under one roof: its owners and admins manage every team in it. You do not belong to one. Join one by
        accepting an invitation from its admins, or <TextLink href="/settings/organizations/new">ask for a new organization</TextLink>.
      </p>
    </>
  );
}
