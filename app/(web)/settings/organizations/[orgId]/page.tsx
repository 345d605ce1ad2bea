import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { OrganizationSettings } from "@/components/organizations/organization-settings";
import { sessionActor } from "@/server/auth/actor";
import { requireSessionUser } from "@/server/auth/session";
import { isAppError } from "@/server/errors";
import { ZIdParam } from "@/server/http/ids";
import { getOrganization } from "@/server/organizations/organization.service";

export const metadata: Metadata = { title: "Organization" };

type Params = Promise<{ orgId: string }>;

/** An organization the signed-in user is not in looks like no organization at all, as on the API. */
export default async function OrganizationPage({ params }: { params: Params }) {
  const raw = (await params).orgId;
  const user = await requireSessionUser(`/settings/organizations/${encodeURIComponent(raw)}`);
  const orgId = ZIdParam.safeParse(raw);
  if (!orgId.success) notFound();
  const org = await getOrganization(sessionActor(user.id), orgId.data).catch((error: unknown) => {
    if (isAppError(error) && error.code === "NOT_FOUND") notFound();
    throw error;
  });
  return <OrganizationSettings org={{ id: org.id, name: org.name, slug: org.slug, bio: org.bio }} myRole={org.role} myUserId={user.id} />;
}
