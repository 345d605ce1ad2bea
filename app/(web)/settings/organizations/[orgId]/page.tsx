import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { OrganizationSettings } from "@/components/organizations/organization-settings";
import { sessionActor } from "@/server/auth/actor";
import { requireSessionUser } from "@/server/auth/session";
import { isAppError } from "@/server/errors";
import { ZIdParam } from "@/server/http/ids";
import { getMe } from "@/server/me/me.service";
import { supportedTimeZones } from "@/server/onboarding/time-zone-list";
import { getOrganization } from "@/server/organizations/organization.service";

export const metadata: Metadata = { title: "Organization" };

type Params = Promise<{ orgId: string }>;

/** An organization the signed-in user is not in looks like no organization at all, as on the API. */
export default async function OrganizationPage({ params }: { params: Params }) {
  const raw = (await params).orgId;
  const user = await requireSessionUser(`/settings/organizations/${encodeURIComponent(raw)}`);
  const orgId = ZIdParam.safeParse(raw);
  if (!orgId.success) notFound();
  const actor = sessionActor(user.id);
  const org = await getOrganization(actor, orgId.data).catch((error: unknown) => {
    if (isAppError(error) && error.code === "NOT_FOUND") notFound();
    throw error;
  });
  // The booking list shows times in the viewer's own zone, as /bookings does.
  const { timeZone } = await getMe(actor);
  return (
    <OrganizationSettings
      org={{ id: org.id, name: org.name, slug: org.slug, bio: org.bio }}
      myRole={org.role}
      myUserId={user.id}
      timeZone={timeZone}
      timeZones={supportedTimeZones(timeZone)}
    />
  );
}
